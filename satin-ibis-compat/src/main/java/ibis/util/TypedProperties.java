package ibis.util;

import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;

/**
 * {@link Properties} with typed getters: a getter without a default throws {@link NumberFormatException} when the
 * property is not set (or does not parse); one with a default returns the default when it is not set and still throws
 * when it does not parse. Booleans are true for "1", "on", "true", "yes" or an empty value; sizes take a suffix K, M or
 * G (powers of 1024).
 */
public class TypedProperties extends Properties {
    private static final long serialVersionUID = 1L;

    public static final String DEFAULT_CONFIG_FILE = "ibis.properties";
    public static final String DEFAULT_CONFIG_FILE_PROPERTY = "ibis.properties.file";

    public TypedProperties() {
        super();
    }

    public TypedProperties(Properties defaults) {
        super(defaults);
    }

    /** Copies every property of {@code properties} (its defaults included) into this one; null adds nothing. */
    public void addProperties(Properties properties) {
        if (properties == null) {
            return;
        }
        for (String key : properties.stringPropertyNames()) {
            setProperty(key, properties.getProperty(key));
        }
    }

    public void putAll(Properties properties) {
        addProperties(properties);
    }

    /** Adds a properties file from the class path, if there is one. */
    public void loadFromClassPath(String resourceName) {
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        try (InputStream in = loader == null ? ClassLoader.getSystemResourceAsStream(resourceName)
                : loader.getResourceAsStream(resourceName)) {
            if (in != null) {
                load(in);
            }
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read properties " + resourceName + " from the class path: "
                    + e.getMessage(), e);
        }
    }

    /** Adds a properties file, if it exists (null: nothing). */
    public void loadFromFile(String file) {
        if (file == null || !Files.isRegularFile(Path.of(file))) {
            return;
        }
        try (InputStream in = new FileInputStream(file)) {
            load(in);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read properties file " + file + ": " + e.getMessage(), e);
        }
    }

    /** Adds a properties file in the user's home directory, if it exists. */
    public void loadFromHomeFile(String fileName) {
        loadFromFile(Path.of(System.getProperty("user.home"), fileName).toString());
    }

    /**
     * Adds, in this order: {@value #DEFAULT_CONFIG_FILE} from the class path, from the working directory, the file
     * the system property {@value #DEFAULT_CONFIG_FILE_PROPERTY} names, and the system properties.
     */
    public void loadDefaultConfigProperties() {
        loadFromClassPath(DEFAULT_CONFIG_FILE);
        loadFromFile(DEFAULT_CONFIG_FILE);
        loadFromFile(System.getProperty(DEFAULT_CONFIG_FILE_PROPERTY));
        addProperties(System.getProperties());
    }

    /** True if set to "1", "on", "true", "yes" or "" (false if not set). */
    public boolean getBooleanProperty(String key) {
        return getBooleanProperty(key, false);
    }

    public boolean getBooleanProperty(String key, boolean defaultValue) {
        String v = getProperty(key);
        if (v == null) {
            return defaultValue;
        }
        String t = v.trim().toLowerCase(Locale.ROOT);
        return t.isEmpty() || t.equals("1") || t.equals("on") || t.equals("true") || t.equals("yes");
    }

    private String required(String key) {
        String v = getProperty(key);
        if (v == null) {
            throw new NumberFormatException("property " + key + " is not set");
        }
        return v.trim();
    }

    private static NumberFormatException bad(String key, String value, String expected) {
        return new NumberFormatException("property " + key + " must be " + expected + ", got \"" + value + "\"");
    }

    public int getIntProperty(String key) {
        String v = required(key);
        try {
            return Integer.parseInt(v);
        } catch (NumberFormatException e) {
            throw bad(key, v, "an int");
        }
    }

    public int getIntProperty(String key, int defaultValue) {
        return getProperty(key) == null ? defaultValue : getIntProperty(key);
    }

    public long getLongProperty(String key) {
        String v = required(key);
        try {
            return Long.parseLong(v);
        } catch (NumberFormatException e) {
            throw bad(key, v, "a long");
        }
    }

    public long getLongProperty(String key, long defaultValue) {
        return getProperty(key) == null ? defaultValue : getLongProperty(key);
    }

    public short getShortProperty(String key) {
        String v = required(key);
        try {
            return Short.parseShort(v);
        } catch (NumberFormatException e) {
            throw bad(key, v, "a short");
        }
    }

    public short getShortProperty(String key, short defaultValue) {
        return getProperty(key) == null ? defaultValue : getShortProperty(key);
    }

    public double getDoubleProperty(String key) {
        String v = required(key);
        try {
            return Double.parseDouble(v);
        } catch (NumberFormatException e) {
            throw bad(key, v, "a double");
        }
    }

    public double getDoubleProperty(String key, double defaultValue) {
        return getProperty(key) == null ? defaultValue : getDoubleProperty(key);
    }

    public float getFloatProperty(String key) {
        String v = required(key);
        try {
            return Float.parseFloat(v);
        } catch (NumberFormatException e) {
            throw bad(key, v, "a float");
        }
    }

    public float getFloatProperty(String key, float defaultValue) {
        return getProperty(key) == null ? defaultValue : getFloatProperty(key);
    }

    /** A size: a long, optionally followed by K, M or G (times 1024, 1024^2, 1024^3), either case. */
    public long getSizeProperty(String key) {
        return size(key, required(key));
    }

    public long getSizeProperty(String key, long defaultValue) {
        String v = getProperty(key);
        return v == null ? defaultValue : size(key, v.trim());
    }

    private static long size(String key, String v) {
        long factor = 1;
        String digits = v;
        if (!v.isEmpty()) {
            switch (Character.toUpperCase(v.charAt(v.length() - 1))) {
                case 'K' -> factor = 1L << 10;
                case 'M' -> factor = 1L << 20;
                case 'G' -> factor = 1L << 30;
                default -> factor = 1;
            }
            if (factor != 1) {
                digits = v.substring(0, v.length() - 1).trim();
            }
        }
        try {
            return Math.multiplyExact(Long.parseLong(digits), factor);
        } catch (NumberFormatException | ArithmeticException e) {
            throw bad(key, v, "a size (a number, optionally followed by K, M or G)");
        }
    }

    /** The value split at commas; an empty array if not set. */
    public String[] getStringList(String key) {
        return getStringList(key, ",", new String[0]);
    }

    /** The value split at {@code delimiter} (a regular expression, as {@link String#split}); empty if not set. */
    public String[] getStringList(String key, String delimiter) {
        return getStringList(key, delimiter, new String[0]);
    }

    public String[] getStringList(String key, String delimiter, String[] defaultValue) {
        String v = getProperty(key);
        return v == null ? defaultValue : v.split(delimiter);
    }

    /** Whether the property is set to exactly {@code match}. */
    public boolean stringPropertyMatch(String key, String match) {
        String v = getProperty(key);
        return v != null && v.equals(match);
    }

    /**
     * The properties starting with {@code prefix} that are neither one of {@code validKeys} (full names, any case)
     * nor start with {@code prefix} followed by one of {@code validSubPrefixes}; with {@code printWarning} each is
     * named on standard error. A program uses it to catch misspelt settings.
     */
    public TypedProperties checkProperties(String prefix, String[] validKeys, String[] validSubPrefixes,
            boolean printWarning) {
        String p = prefix == null ? "" : prefix;
        TypedProperties unknown = new TypedProperties();
        for (String key : stringPropertyNames()) {
            if (!key.startsWith(p)) {
                continue;
            }
            String rest = key.substring(p.length());
            boolean known = false;
            if (validKeys != null) {
                for (String k : validKeys) {
                    known |= key.equalsIgnoreCase(k);
                }
            }
            if (validSubPrefixes != null) {
                for (String s : validSubPrefixes) {
                    known |= rest.startsWith(s);
                }
            }
            if (!known) {
                if (printWarning) {
                    System.err.println("Warning, unknown property: " + key + " with value: " + getProperty(key));
                }
                unknown.setProperty(key, getProperty(key));
            }
        }
        return unknown;
    }

    /** The properties whose key starts with {@code prefix}. */
    public TypedProperties filter(String prefix) {
        return filter(prefix, false, false);
    }

    /**
     * The properties whose key starts with {@code prefix}; {@code removePrefix} strips it from the keys,
     * {@code removeProperties} takes them out of this object.
     */
    public TypedProperties filter(String prefix, boolean removePrefix, boolean removeProperties) {
        String p = prefix == null ? "" : prefix;
        TypedProperties out = new TypedProperties();
        List<String> taken = new ArrayList<>();
        for (String key : stringPropertyNames()) {
            if (key.startsWith(p)) {
                out.setProperty(removePrefix ? key.substring(p.length()) : key, getProperty(key));
                taken.add(key);
            }
        }
        if (removeProperties) {
            taken.forEach(this::remove);
        }
        return out;
    }

    /** Prints {@code key = value} for every property (defaults included) whose key starts with {@code prefix}, any case. */
    public void printProperties(PrintStream out, String prefix) {
        String p = prefix == null ? "" : prefix.toLowerCase(Locale.ROOT);
        for (String key : new java.util.TreeSet<>(stringPropertyNames())) {
            if (key.toLowerCase(Locale.ROOT).startsWith(p)) {
                out.println(key + " = " + getProperty(key));
            }
        }
    }

    @Override
    public synchronized String toString() {
        StringBuilder b = new StringBuilder();
        for (String key : new java.util.TreeSet<>(stringPropertyNames())) {
            b.append(key).append(" = ").append(getProperty(key)).append('\n');
        }
        return b.toString();
    }
}
