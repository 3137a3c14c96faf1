package satin.ibiscompat;

import java.io.IOException;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;

import ibis.ipl.Ibis;
import ibis.ipl.IbisCapabilities;
import ibis.ipl.IbisConfigurationException;
import ibis.ipl.IbisCreationFailedException;
import ibis.ipl.IbisProperties;
import ibis.ipl.NoMatchingIbisException;
import ibis.ipl.PortType;
import ibis.ipl.RegistryEventHandler;
import satin.ipl.CapabilityMismatchException;
import satin.ipl.IplConfig;
import satin.ipl.IplProperties;
import satin.ipl.Node;
import satin.ipl.PoolCapability;
import satin.ipl.local.LocalNetwork;
import satin.ipl.start.Ipl;

/**
 * Turns what a program gives {@link ibis.ipl.IbisFactory} (capabilities, {@code ibis.*} properties, port types) into
 * an IPL configuration and starts the node:
 * <ul>
 *   <li>{@code ibis.pool.name} is {@code ipl.pool.name} (default {@value #DEFAULT_POOL});
 *       {@code ibis.pool.size} is {@code ipl.pool.size} when the program asks for {@code closed.world} (then it is
 *       required), else it is ignored, as in the original;</li>
 *   <li>{@code ibis.server.address} (host:port of a {@code satin server}) is {@code ipl.registry.address}; without it
 *       the instances of this JVM meet in an in-process pool ({@link #LOCAL}, the one JVM-wide object here: the
 *       factory is static, so the pool its instances share must be too);</li>
 *   <li>{@code ibis.implementation} tcp, udp, local or wan is {@code ipl.implementation}; another Ibis name
 *       (smartsockets, nio, ...) lets the IPL choose;</li>
 *   <li>{@code ibis.location} is {@code ipl.location}; {@code ibis.location.postfix} is appended to the host's;</li>
 *   <li>every {@code ipl.*} property is passed on as it is (the IPL refuses the ones it does not know);</li>
 *   <li>the pool secret as every Satin command takes it: {@code ipl.security.secret.file}, or the system property
 *       {@code satin.pool-secret-file}, or the environment variable {@code SATIN_POOL_SECRET_FILE}; or no security
 *       with {@code ipl.security.insecure=true} or {@code satin.insecure=on}; {@code satin.encrypt} is
 *       {@code ipl.security.encrypt}.</li>
 * </ul>
 */
public final class IbisStarter {
    static final String DEFAULT_POOL = "ibis";
    /** The in-process pool of the instances of this JVM that name no registry. */
    private static final LocalNetwork LOCAL = new LocalNetwork();

    private IbisStarter() {
    }

    /** Starts an instance; every failure is an {@link IbisCreationFailedException} naming its cause. */
    public static Ibis start(IbisCapabilities capabilities, Properties properties, RegistryEventHandler handler,
            byte[] tag, PortType... portTypes) throws IbisCreationFailedException {
        IplConfig config;
        Set<PoolCapability> pool;
        List<satin.ipl.PortType> types = new ArrayList<>();
        try {
            for (PortType t : portTypes) {
                satin.ipl.PortType ipl = PortTypes.ipl(t);
                if (!types.contains(ipl)) {
                    types.add(ipl);
                }
            }
            config = IplConfig.of(iplSettings(capabilities, properties));
            pool = poolCapabilities(capabilities);
        } catch (IbisConfigurationException | IllegalArgumentException e) {
            throw new IbisCreationFailedException(e.getMessage(), e);
        }
        Ipl.NodeBuilder builder = Ipl.node(config).portTypes(types.toArray(new satin.ipl.PortType[0]))
                .poolCapabilities(pool.toArray(new PoolCapability[0]));
        if (config.get(IplProperties.REGISTRY_ADDRESS).isBlank()) {
            builder.localNetwork(LOCAL);
        }
        CompatRegistry registry = new CompatRegistry(handler, capabilities, config.get(IplProperties.POOL_NAME));
        builder.eventHandler(registry);
        Node node;
        try {
            node = builder.start();
        } catch (CapabilityMismatchException e) {
            throw new NoMatchingIbisException(e.getMessage(), e);
        } catch (IOException | RuntimeException e) {
            throw new IbisCreationFailedException("cannot start an Ibis instance: " + e.getMessage(), e);
        }
        CompatIbis ibis = new CompatIbis(node, registry, capabilities, properties, tag, portTypes);
        if (Boolean.parseBoolean(properties.getProperty(IbisProperties.VERBOSE, "false"))) {
            System.err.println("ibis: " + ibis.identifier() + " joined pool " + config.get(IplProperties.POOL_NAME)
                    + " over " + node.implementationName() + ", registry "
                    + (config.get(IplProperties.REGISTRY_ADDRESS).isBlank() ? "in this JVM"
                    : config.get(IplProperties.REGISTRY_ADDRESS)));
        }
        return ibis;
    }

    static Set<PoolCapability> poolCapabilities(IbisCapabilities c) {
        Set<PoolCapability> pool = EnumSet.noneOf(PoolCapability.class);
        if (c.hasCapability(IbisCapabilities.CLOSED_WORLD)) {
            pool.add(PoolCapability.CLOSED_WORLD);
        }
        if (c.hasCapability(IbisCapabilities.MEMBERSHIP_TOTALLY_ORDERED)
                || c.hasCapability(IbisCapabilities.MEMBERSHIP_UNRELIABLE)) {
            pool.add(PoolCapability.MEMBERSHIP_EVENTS);
        }
        if (c.hasCapability(IbisCapabilities.ELECTIONS_STRICT) || c.hasCapability(IbisCapabilities.ELECTIONS_UNRELIABLE)) {
            pool.add(PoolCapability.ELECTIONS);
        }
        if (c.hasCapability(IbisCapabilities.SIGNALS)) {
            pool.add(PoolCapability.SIGNALS);
        }
        if (c.hasCapability(IbisCapabilities.MALLEABLE)) {
            pool.add(PoolCapability.MALLEABLE);
        }
        if (c.hasCapability(IbisCapabilities.TERMINATION)) {
            pool.add(PoolCapability.TERMINATION);
        }
        return pool;
    }

    /** The IPL settings for these capabilities and properties (see the class comment). */
    static Map<String, String> iplSettings(IbisCapabilities capabilities, Properties p) {
        Map<String, String> m = new LinkedHashMap<>();
        for (String key : p.stringPropertyNames()) {
            if (key.startsWith("ipl.")) {
                m.put(key, p.getProperty(key).trim());
            }
        }
        m.putIfAbsent(IplProperties.POOL_NAME, p.getProperty(IbisProperties.POOL_NAME, DEFAULT_POOL).trim());
        if (capabilities.hasCapability(IbisCapabilities.CLOSED_WORLD)) {
            String size = p.getProperty(IbisProperties.POOL_SIZE);
            if (size == null && !m.containsKey(IplProperties.POOL_SIZE)) {
                throw new IbisConfigurationException(IbisCapabilities.CLOSED_WORLD + " needs the property "
                        + IbisProperties.POOL_SIZE + ": the number of instances in the pool");
            }
            if (size != null) {
                int n;
                try {
                    n = Integer.parseInt(size.trim());
                } catch (NumberFormatException e) {
                    n = -1;
                }
                if (n < 1) {
                    throw new IbisConfigurationException(IbisProperties.POOL_SIZE + " must be a number of instances"
                            + " (1 or more), got '" + size + "'");
                }
                m.putIfAbsent(IplProperties.POOL_SIZE, Integer.toString(n));
            }
        }
        String server = p.getProperty(IbisProperties.SERVER_ADDRESS);
        if (server != null && !server.isBlank()) {
            m.putIfAbsent(IplProperties.REGISTRY_ADDRESS, server.trim());
        }
        String implementation = p.getProperty(IbisProperties.IMPLEMENTATION);
        if (implementation != null && !m.containsKey(IplProperties.IMPLEMENTATION)) {
            String name = implementation.trim().toLowerCase(Locale.ROOT);
            if (List.of("tcp", "udp", "local", "wan").contains(name)) {
                m.put(IplProperties.IMPLEMENTATION, name);
            }
        }
        String location = p.getProperty(IbisProperties.LOCATION);
        String postfix = p.getProperty(IbisProperties.LOCATION_POSTFIX);
        if (location != null && !location.isBlank()) {
            m.putIfAbsent(IplProperties.LOCATION, location.trim());
        } else if (postfix != null && !postfix.isBlank()) {
            m.putIfAbsent(IplProperties.LOCATION, satin.ipl.Location.fromHostName(hostName()) + "@" + postfix.trim());
        }
        security(m, p);
        if (m.getOrDefault(IplProperties.REGISTRY_ADDRESS, "").isBlank()) {
            m.putIfAbsent(IplProperties.IMPLEMENTATION, "local");
        }
        return m;
    }

    private static void security(Map<String, String> m, Properties p) {
        if (m.containsKey(IplProperties.SECRET_FILE) || m.containsKey(IplProperties.INSECURE)) {
            return;
        }
        String secret = p.getProperty("satin.pool-secret-file");
        if (secret == null || secret.isBlank()) {
            secret = System.getenv("SATIN_POOL_SECRET_FILE");
        }
        String insecure = p.getProperty("satin.insecure", "").trim().toLowerCase(Locale.ROOT);
        if (secret != null && !secret.isBlank()) {
            m.put(IplProperties.SECRET_FILE, secret.trim());
        } else if (List.of("on", "true", "yes", "1").contains(insecure)) {
            m.put(IplProperties.INSECURE, "true");
        }
        String encrypt = p.getProperty("satin.encrypt");
        if (encrypt != null && !encrypt.isBlank()) {
            m.putIfAbsent(IplProperties.ENCRYPT, encrypt.trim());
        }
    }

    private static String hostName() {
        try {
            return java.net.InetAddress.getLocalHost().getHostName();
        } catch (java.net.UnknownHostException e) {
            return "localhost";
        }
    }
}
