package satin.ipl;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Immutable IPL configuration: a map of known keys ({@link IplProperties} plus the keys of every
 * implementation on the class path, found through the {@link ImplementationProperties} service) to string
 * values. Unknown keys and malformed values are rejected when the configuration is built, naming the key.
 */
public final class IplConfig {
    private final Map<String, String> values;

    private IplConfig(Map<String, String> values) {
        this.values = Collections.unmodifiableMap(new TreeMap<>(values));
    }

    public static Builder builder() {
        return new Builder();
    }

    /** A configuration from a properties map (e.g. loaded from a file). */
    public static IplConfig of(Map<String, String> properties) {
        return builder().setAll(properties).build();
    }

    /** The value for a key, or its default; unknown keys throw. */
    public String get(String key) {
        String v = values.get(key);
        if (v != null) {
            return v;
        }
        String d = IplProperties.defaults().get(key);
        if (d != null) {
            return d;
        }
        String p = providerDefaults().get(key);
        if (p == null) {
            throw new IllegalArgumentException("unknown IPL property '" + key + "'");
        }
        return p;
    }

    public int getInt(String key) {
        try {
            return Integer.parseInt(get(key).trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("IPL property " + key + " must be an integer, got '" + get(key) + "'");
        }
    }

    public long getLong(String key) {
        try {
            return Long.parseLong(get(key).trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("IPL property " + key + " must be an integer, got '" + get(key) + "'");
        }
    }

    /** A comma-separated list value, empty entries dropped. */
    public List<String> getList(String key) {
        List<String> out = new ArrayList<>();
        for (String s : get(key).split(",")) {
            if (!s.isBlank()) {
                out.add(s.trim());
            }
        }
        return out;
    }

    /** A builder starting from this configuration. */
    public Builder toBuilder() {
        return new Builder().setAll(values);
    }

    /** Every key this configuration accepts (core keys plus implementation keys). */
    public static Set<String> knownKeys() {
        Set<String> keys = new TreeSet<>(IplProperties.defaults().keySet());
        keys.addAll(providerDefaults().keySet());
        return keys;
    }

    private static Map<String, String> providerDefaults() {
        Map<String, String> out = new TreeMap<>();
        for (ImplementationProperties p : ServiceLoader.load(ImplementationProperties.class,
                IplConfig.class.getClassLoader())) {
            out.putAll(p.propertyKeys());
        }
        return out;
    }

    @Override
    public String toString() {
        return "IplConfig" + values;
    }

    public static final class Builder {
        private final Map<String, String> values = new LinkedHashMap<>();
        private final List<String> classes = new ArrayList<>();

        private Builder() {
        }

        public Builder set(String key, String value) {
            values.put(key, value);
            return this;
        }

        public Builder set(String key, long value) {
            return set(key, Long.toString(value));
        }

        public Builder setAll(Map<String, String> properties) {
            properties.forEach(this::set);
            return this;
        }

        /**
         * Parses command-line arguments of the form {@code key=value} or {@code --key=value}
         * (e.g. {@code --ipl.implementation=tcp}).
         */
        public Builder parseArgs(String... args) {
            for (String arg : args) {
                String a = arg.startsWith("--") ? arg.substring(2) : arg.startsWith("-D") ? arg.substring(2) : arg;
                int eq = a.indexOf('=');
                if (eq <= 0) {
                    throw new IllegalArgumentException("IPL argument '" + arg + "' is not key=value");
                }
                set(a.substring(0, eq), a.substring(eq + 1));
            }
            return this;
        }

        /** Appends classes to the Kryo registration list ({@link IplProperties#SERIALIZATION_CLASSES}). */
        public Builder registerClasses(Class<?>... types) {
            for (Class<?> t : types) {
                classes.add(t.getName());
            }
            return this;
        }

        public IplConfig build() {
            Map<String, String> all = new LinkedHashMap<>(values);
            if (!classes.isEmpty()) {
                String existing = all.getOrDefault(IplProperties.SERIALIZATION_CLASSES, "");
                String added = String.join(",", classes);
                all.put(IplProperties.SERIALIZATION_CLASSES, existing.isBlank() ? added : existing + "," + added);
            }
            Set<String> known = knownKeys();
            List<String> unknown = all.keySet().stream().filter(k -> !known.contains(k)).sorted().toList();
            if (!unknown.isEmpty()) {
                throw new IllegalArgumentException("unknown IPL properties " + unknown + "; known: " + known);
            }
            IplConfig config = new IplConfig(all);
            for (String key : List.of(IplProperties.POOL_SIZE, IplProperties.HEARTBEAT_INTERVAL_MS,
                    IplProperties.HEARTBEAT_TIMEOUT_MS, IplProperties.CONNECT_TIMEOUT_MS,
                    IplProperties.ACCEPT_TIMEOUT_MS, IplProperties.MAX_FRAME_SIZE, IplProperties.FLOW_WINDOW)) {
                if (config.getLong(key) < 0) {
                    throw new IllegalArgumentException("IPL property " + key + " must not be negative");
                }
            }
            if (config.getInt(IplProperties.MAX_FRAME_SIZE) < 1024) {
                throw new IllegalArgumentException("IPL property " + IplProperties.MAX_FRAME_SIZE + " must be >= 1024");
            }
            if (!config.get(IplProperties.LOCATION).isBlank()) {
                Location.parse(config.get(IplProperties.LOCATION));
            }
            return config;
        }
    }
}
