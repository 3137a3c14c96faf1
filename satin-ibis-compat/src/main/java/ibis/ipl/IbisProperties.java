package ibis.ipl;

import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;

/**
 * The {@code ibis.*} properties a program or its command line sets. {@link #getDefaultProperties()} reads, later ones
 * overriding earlier ones: the built-in defaults, a file {@code ibis.properties} on the class path, one in the
 * working directory, the file named by {@code ibis.properties.file}, and the system properties. How each maps onto
 * this project's IPL is in the module's README.
 */
public final class IbisProperties {
    public static final String PROPERTIES_FILENAME = "ibis.properties";
    public static final String PREFIX = "ibis.";
    /** tcp, udp or local (the IPL's implementations); other Ibis names choose automatically. */
    public static final String IMPLEMENTATION = PREFIX + "implementation";
    public static final String STARTER = PREFIX + "starter";
    public static final String PROPERTIES_FILE = PREFIX + "properties.file";
    public static final String IMPLEMENTATION_PATH = PREFIX + "implementation.path";
    public static final String VERBOSE = PREFIX + "verbose";
    /** The pool to join. */
    public static final String POOL_NAME = PREFIX + "pool.name";
    /** The size of a closed-world pool. */
    public static final String POOL_SIZE = PREFIX + "pool.size";
    /** host:port of the registry ({@code satin server}). */
    public static final String SERVER_ADDRESS = PREFIX + "server.address";
    public static final String HUB_ADDRESSES = PREFIX + "hub.addresses";
    public static final String REGISTRY_IMPLEMENTATION = PREFIX + "registry.implementation";
    public static final String IBIS_STARTERS = PREFIX + "starters";
    /** machine@cluster@site; default from the host name. */
    public static final String LOCATION = PREFIX + "location";
    /** Appended to the location derived from the host name. */
    public static final String LOCATION_POSTFIX = PREFIX + "location.postfix";

    private static final Map<String, String> DESCRIPTIONS = descriptions();

    private IbisProperties() {
    }

    private static Map<String, String> descriptions() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put(POOL_NAME, "name of the pool to join");
        m.put(POOL_SIZE, "number of instances of a closed-world pool");
        m.put(SERVER_ADDRESS, "host:port of the registry (satin server)");
        m.put(HUB_ADDRESSES, "not used: instances connect directly");
        m.put(IMPLEMENTATION, "tcp, udp or local; empty or another Ibis name: chosen automatically");
        m.put(PROPERTIES_FILE, "a properties file read by getDefaultProperties()");
        m.put(IMPLEMENTATION_PATH, "not used: the implementations are on the class path");
        m.put(VERBOSE, "true: say which implementation and registry an instance uses");
        m.put(LOCATION, "machine@cluster@site; default from the host name");
        m.put(LOCATION_POSTFIX, "appended to the location derived from the host name");
        m.put(REGISTRY_IMPLEMENTATION, "not used: the registry is the IPL's");
        m.put(IBIS_STARTERS, "not used");
        return java.util.Collections.unmodifiableMap(m);
    }

    /** The built-in defaults (none are set: every property is optional). */
    public static Properties getHardcodedProperties() {
        return new Properties();
    }

    /** Each known property and what it does. */
    public static Map<String, String> getDescriptions() {
        return DESCRIPTIONS;
    }

    /** The defaults, the property files and the system properties, in that order of precedence (last wins). */
    public static Properties getDefaultProperties() {
        Properties p = getHardcodedProperties();
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        try (InputStream in = loader == null ? ClassLoader.getSystemResourceAsStream(PROPERTIES_FILENAME)
                : loader.getResourceAsStream(PROPERTIES_FILENAME)) {
            if (in != null) {
                p.load(in);
            }
        } catch (IOException e) {
            throw new IbisConfigurationException("cannot read " + PROPERTIES_FILENAME + " from the class path: "
                    + e.getMessage(), e);
        }
        loadFile(p, Path.of(PROPERTIES_FILENAME), false);
        String named = System.getProperty(PROPERTIES_FILE);
        if (named != null) {
            loadFile(p, Path.of(named), true);
        }
        Properties system = System.getProperties();
        for (String key : system.stringPropertyNames()) {
            p.setProperty(key, system.getProperty(key));
        }
        return p;
    }

    private static void loadFile(Properties p, Path file, boolean required) {
        if (!Files.isRegularFile(file)) {
            if (required) {
                throw new IbisConfigurationException(PROPERTIES_FILE + " names " + file + ", which is not a file");
            }
            return;
        }
        try (InputStream in = new FileInputStream(file.toFile())) {
            p.load(in);
        } catch (IOException e) {
            throw new IbisConfigurationException("cannot read " + file + ": " + e.getMessage(), e);
        }
    }
}
