package ibis.ipl;

import java.util.Properties;

import satin.ibiscompat.IbisStarter;

/**
 * Starts Ibis instances. The implementation is this project's IPL (tcp, udp or local, chosen by
 * {@code ibis.implementation} or automatically); {@code ibis.server.address} names the registry. Without a registry
 * address, the instances of one JVM form an in-process pool.
 */
public final class IbisFactory {
    private IbisFactory() {
    }

    public static Ibis createIbis(IbisCapabilities requiredCapabilities, RegistryEventHandler registryEventHandler,
            PortType... portTypes) throws IbisCreationFailedException {
        return createIbis(requiredCapabilities, null, true, registryEventHandler, portTypes);
    }

    public static Ibis createIbis(IbisCapabilities requiredCapabilities, Properties properties,
            boolean addDefaultConfigProperties, RegistryEventHandler registryEventHandler, PortType... portTypes)
            throws IbisCreationFailedException {
        return createIbis(requiredCapabilities, properties, addDefaultConfigProperties, registryEventHandler, null,
                (byte[]) null, portTypes);
    }

    public static Ibis createIbis(IbisCapabilities requiredCapabilities, Properties properties,
            boolean addDefaultConfigProperties, RegistryEventHandler registryEventHandler, Credentials credentials,
            PortType... portTypes) throws IbisCreationFailedException {
        return createIbis(requiredCapabilities, properties, addDefaultConfigProperties, registryEventHandler,
                credentials, (byte[]) null, portTypes);
    }

    public static Ibis createIbis(IbisCapabilities requiredCapabilities, Properties properties,
            boolean addDefaultConfigProperties, RegistryEventHandler registryEventHandler, Credentials credentials,
            String tag, PortType... portTypes) throws IbisCreationFailedException {
        return createIbis(requiredCapabilities, properties, addDefaultConfigProperties, registryEventHandler,
                credentials, tag == null ? null : tag.getBytes(java.nio.charset.StandardCharsets.UTF_8), portTypes);
    }

    /**
     * Starts an instance that offers {@code requiredCapabilities} and the given port types, joins its pool and
     * returns once it is a member. {@code properties} (null: none) override the defaults when
     * {@code addDefaultConfigProperties} adds them ({@link IbisProperties#getDefaultProperties()}).
     */
    public static Ibis createIbis(IbisCapabilities requiredCapabilities, Properties properties,
            boolean addDefaultConfigProperties, RegistryEventHandler registryEventHandler, Credentials credentials,
            byte[] tag, PortType... portTypes) throws IbisCreationFailedException {
        Properties combined = new Properties();
        if (addDefaultConfigProperties) {
            combined.putAll(IbisProperties.getDefaultProperties());
        }
        if (properties != null) {
            for (String key : properties.stringPropertyNames()) {
                combined.setProperty(key, properties.getProperty(key));
            }
        }
        return IbisStarter.start(requiredCapabilities == null ? new IbisCapabilities() : requiredCapabilities,
                combined, registryEventHandler, tag, portTypes == null ? new PortType[0] : portTypes);
    }

    /** The IPL version this API follows. */
    public static String getVersion() {
        return "2.2";
    }
}
