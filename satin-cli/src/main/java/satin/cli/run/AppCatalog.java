package satin.cli.run;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URL;
import java.util.Collections;
import java.util.Enumeration;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;

/**
 * Bundled applications by short name: every {@value #RESOURCE} on the class path maps names to main classes
 * ({@code fib=satin.apps.fib.Fib}, one per line, {@code java.util.Properties} syntax), and every
 * {@value #SUMMARIES} maps names to a one-line summary for {@code satin apps}.
 */
public final class AppCatalog {

    /** Where modules list their applications. */
    public static final String RESOURCE = "META-INF/satin/apps.properties";

    /** Where modules give each application's one-line summary (optional). */
    public static final String SUMMARIES = "META-INF/satin/app-summaries.properties";

    private final Map<String, String> mainClassByName;
    private final ClassLoader loader;

    private AppCatalog(Map<String, String> mainClassByName, ClassLoader loader) {
        this.mainClassByName = Collections.unmodifiableMap(mainClassByName);
        this.loader = loader;
    }

    /** Reads every {@value #RESOURCE} visible to {@code loader}; a later duplicate name is an error. */
    public static AppCatalog load(ClassLoader loader) {
        Map<String, String> apps = new TreeMap<>();
        try {
            Enumeration<URL> resources = loader.getResources(RESOURCE);
            while (resources.hasMoreElements()) {
                URL url = resources.nextElement();
                Properties properties = new Properties();
                try (InputStream in = url.openStream()) {
                    properties.load(in);
                }
                for (String name : properties.stringPropertyNames()) {
                    String mainClass = properties.getProperty(name).trim();
                    String earlier = apps.putIfAbsent(name.trim(), mainClass);
                    if (earlier != null && !earlier.equals(mainClass)) {
                        throw new IllegalStateException("app '" + name + "' is defined twice: " + earlier + " and "
                                + mainClass + " (in " + url + ")");
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + RESOURCE, e);
        }
        return new AppCatalog(apps, loader);
    }

    /**
     * The apps, one line each: name, summary (or main class when the app has none), sorted by name; read on demand
     * so that {@code satin run APP} does not read the summaries.
     */
    public java.util.List<String> lines() {
        Properties summaries = new Properties();
        try {
            Enumeration<URL> resources = loader.getResources(SUMMARIES);
            while (resources.hasMoreElements()) {
                try (InputStream in = resources.nextElement().openStream()) {
                    summaries.load(new java.io.InputStreamReader(in, java.nio.charset.StandardCharsets.UTF_8));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + SUMMARIES, e);
        }
        int width = mainClassByName.keySet().stream().mapToInt(String::length).max().orElse(0);
        return mainClassByName.entrySet().stream()
                .map(e -> String.format("%-" + width + "s  %s", e.getKey(),
                        summaries.getProperty(e.getKey(), e.getValue()).strip()))
                .toList();
    }

    /** The main class of app {@code name}, or {@code null}. */
    public String mainClassOf(String name) {
        return mainClassByName.get(name);
    }

    /**
     * The main class {@code target} names, an app of this catalog or else a class name, loaded (not initialised) by
     * {@code loader}; {@code classpath} (the {@code -cp} given, or null) only words the error.
     *
     * @throws IllegalArgumentException naming the target, the class it stands for and the known apps, when it cannot
     *                                  be loaded
     */
    public Class<?> mainClass(String target, String classpath, ClassLoader loader) {
        String app = mainClassOf(target);
        String className = app != null ? app : target;
        try {
            return Class.forName(className, false, loader);
        } catch (ClassNotFoundException | LinkageError e) {
            String known = apps().isEmpty() ? "none" : String.join(", ", apps().keySet());
            String what = app != null
                    ? "app '" + target + "' names class " + className + ", which cannot be loaded (" + e + ")"
                    : "unknown app or class '" + target + "'" + (classpath == null ? " (no -cp given)" : " on class path "
                    + classpath);
            throw new IllegalArgumentException(what + "; known apps: " + known);
        }
    }

    /** Known app names, sorted, mapped to their main classes. */
    public Map<String, String> apps() {
        return mainClassByName;
    }
}
