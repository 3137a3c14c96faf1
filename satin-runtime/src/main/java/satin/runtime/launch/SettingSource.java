package satin.runtime.launch;

import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Where the settings of a runtime started from {@code main} come from: a system property ({@code satin.workers})
 * or else the matching environment variable ({@code SATIN_WORKERS}: upper case, dots and dashes as
 * underscores). A value is returned with the place it came from, so an error can say what to fix.
 */
public final class SettingSource {

    /** A value and where it was found. */
    public record Value(String text, String origin) {
    }

    private final Function<String, String> properties;
    private final Function<String, String> environment;
    private final Supplier<Set<String>> propertyNames;

    public SettingSource(Function<String, String> properties, Function<String, String> environment) {
        this(properties, environment, Set::of);
    }

    /** With the names of the properties that are set, so that a mistyped name can be reported. */
    public SettingSource(Function<String, String> properties, Function<String, String> environment,
                         Supplier<Set<String>> propertyNames) {
        this.properties = Objects.requireNonNull(properties, "properties");
        this.environment = Objects.requireNonNull(environment, "environment");
        this.propertyNames = Objects.requireNonNull(propertyNames, "propertyNames");
    }

    /** This JVM's system properties and environment. */
    public static SettingSource system() {
        return new SettingSource(System::getProperty, System::getenv,
                () -> System.getProperties().stringPropertyNames());
    }

    /** Fixed values by property name (no environment): for tests and for hosts that configure in code. */
    public static SettingSource of(Map<String, String> values) {
        Map<String, String> copy = Map.copyOf(values);
        return new SettingSource(copy::get, name -> null, copy::keySet);
    }

    /** The names of the properties set (empty when the source cannot list them). */
    public Set<String> propertyNames() {
        return propertyNames.get();
    }

    /** The environment variable that stands for {@code property}. */
    public static String environmentName(String property) {
        return property.toUpperCase(Locale.ROOT).replace('.', '_').replace('-', '_');
    }

    /** The value of {@code property}, or null when neither the property nor its variable is set (or blank). */
    public Value get(String property) {
        String p = properties.apply(property);
        if (p != null && !p.isBlank()) {
            return new Value(p.trim(), "system property " + property);
        }
        String variable = environmentName(property);
        String e = environment.apply(variable);
        if (e != null && !e.isBlank()) {
            return new Value(e.trim(), "environment variable " + variable);
        }
        return null;
    }
}
