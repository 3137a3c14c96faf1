package satin.ipl.wan;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.Set;
import satin.ipl.IplConfig;
import satin.ipl.IplException;
import satin.ipl.PortCapability;
import satin.ipl.spi.IplProvider;
import satin.ipl.spi.PacketHandler;
import satin.ipl.spi.Transport;
import satin.ipl.spi.TransportContext;

/**
 * The {@code wan} implementation: another implementation ({@code ipl.wan.inner}, default tcp) with WAN emulation
 * stacked on top, using the topology named by {@code ipl.wan.topology} (a preset name, see {@link WanPresets}, or a
 * topology file). Every node of the pool must run {@code wan} with the same topology. It is never chosen
 * automatically over a plain implementation.
 */
public final class WanProvider implements IplProvider {
    public static final String NAME = "wan";
    public static final String TOPOLOGY = "ipl.wan.topology";
    public static final String INNER = "ipl.wan.inner";
    public static final String SEED = "ipl.wan.seed";
    /**
     * A file through which every node of a run on this machine shares one wide-area path per cluster pair
     * ({@link MappedWanPaths}); empty: each node has its own paths.
     */
    public static final String PATHS = "ipl.wan.paths";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Set<PortCapability> portCapabilities() {
        return EnumSet.allOf(PortCapability.class);
    }

    @Override
    public Map<String, String> propertyKeys() {
        Map<String, String> keys = new LinkedHashMap<>();
        keys.put(TOPOLOGY, "");
        keys.put(INNER, "tcp");
        keys.put(SEED, "1");
        keys.put(PATHS, "");
        return keys;
    }

    @Override
    public int preference() {
        return -100;
    }

    @Override
    public boolean usable(TransportContext context) {
        String inner = context.config().get(INNER).trim();
        return !context.config().get(TOPOLOGY).isBlank() && !inner.equals(NAME)
                && innerProvider(inner).map(p -> p.usable(context)).orElse(false);
    }

    private static Optional<IplProvider> innerProvider(String name) {
        for (IplProvider p : ServiceLoader.load(IplProvider.class, WanProvider.class.getClassLoader())) {
            if (p.name().equals(name)) {
                return Optional.of(p);
            }
        }
        return Optional.empty();
    }

    /** A preset name or a topology file path. */
    public static WanTopology topology(String spec) throws IOException {
        String s = spec.trim();
        if (s.isEmpty()) {
            throw new IplException("WAN emulation needs " + TOPOLOGY + ": a preset " + WanPresets.names()
                    + " or a topology file");
        }
        if (WanPresets.names().contains(s)) {
            return WanPresets.load(s);
        }
        Path file = Path.of(s);
        if (!Files.isRegularFile(file)) {
            throw new IplException(TOPOLOGY + " '" + s + "' is neither a preset " + WanPresets.names()
                    + " nor a readable file");
        }
        try {
            return TopologyParser.parse(file);
        } catch (TopologyFormatException e) {
            throw new IplException("bad WAN topology: " + e.getMessage(), e);
        }
    }

    @Override
    public Transport createTransport(TransportContext context) throws IOException {
        IplConfig config = context.config();
        String innerName = config.get(INNER).trim();
        if (innerName.equals(NAME)) {
            throw new IplException(INNER + " must name another implementation, not '" + NAME + "'");
        }
        IplProvider inner = innerProvider(innerName).orElseThrow(() -> new IplException(
                "no IPL implementation named '" + innerName + "' to stack WAN emulation on (" + INNER + ")"));
        WanTopology topology = topology(config.get(TOPOLOGY));
        String pathFile = config.get(PATHS).trim();
        WanPaths paths = pathFile.isEmpty() ? WanPaths.inMemory() : WanPaths.mapped(Path.of(pathFile));
        return WanTransport.stack(topology, config.getLong(SEED), paths, context.handler(),
                context.shared(satin.ipl.NetworkCut.class).orElse(null), handler -> inner.createTransport(new TransportContext() {
                    @Override
                    public IplConfig config() {
                        return config;
                    }

                    @Override
                    public String poolName() {
                        return context.poolName();
                    }

                    @Override
                    public byte[] registrationHash() {
                        return context.registrationHash();
                    }

                    @Override
                    public satin.ipl.security.PoolSecurity security() {
                        return context.security();
                    }

                    @Override
                    public PacketHandler handler() {
                        return handler;
                    }

                    @Override
                    public <T> Optional<T> shared(Class<T> type) {
                        return context.shared(type);
                    }
                }));
    }
}
