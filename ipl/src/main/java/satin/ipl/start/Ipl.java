package satin.ipl.start;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.ServiceLoader;
import java.util.Set;

import satin.ipl.CapabilityMismatchException;
import satin.ipl.IplConfig;
import satin.ipl.IplException;
import satin.ipl.IplProperties;
import satin.ipl.Node;
import satin.ipl.ObjectReferences;
import satin.ipl.PoolCapability;
import satin.ipl.PortCapability;
import satin.ipl.PortType;
import satin.ipl.RegistryEventHandler;
import satin.ipl.core.NodeImpl;
import satin.ipl.local.LocalNetwork;
import satin.ipl.spi.IplProvider;

/**
 * Entry point: starts a {@link Node}. The implementation is the one named by {@code ipl.implementation},
 * or else the most preferred implementation that offers every requested pool capability and port type.
 * A named implementation lacking something fails with a {@link CapabilityMismatchException} listing it.
 *
 * <pre>{@code
 * try (Node node = Ipl.node(config).portTypes(type).poolCapabilities(PoolCapability.ELECTIONS).start()) { ... }
 * }</pre>
 */
public final class Ipl {
    private Ipl() {
    }

    public static NodeBuilder node(IplConfig config) {
        return new NodeBuilder(config);
    }

    /** Every implementation on the class path. */
    public static List<IplProvider> providers() {
        List<IplProvider> out = new ArrayList<>();
        ServiceLoader.load(IplProvider.class, Ipl.class.getClassLoader()).forEach(out::add);
        out.sort(Comparator.comparingInt(IplProvider::preference).reversed().thenComparing(IplProvider::name));
        return out;
    }

    /** The implementation with this name, if present. */
    public static java.util.Optional<IplProvider> provider(String name) {
        return providers().stream().filter(p -> p.name().equals(name)).findFirst();
    }

    public static final class NodeBuilder {
        private final IplConfig config;
        private final Set<PoolCapability> poolCapabilities = EnumSet.noneOf(PoolCapability.class);
        private final Set<PortType> portTypes = new LinkedHashSet<>();
        private RegistryEventHandler handler;
        private LocalNetwork localNetwork;
        private satin.ipl.NetworkCut networkCut;
        private ObjectReferences references;

        private NodeBuilder(IplConfig config) {
            this.config = Objects.requireNonNull(config);
        }

        public NodeBuilder poolCapabilities(PoolCapability... capabilities) {
            poolCapabilities.addAll(List.of(capabilities));
            return this;
        }

        /** The port types this node will create ports of; others are refused later. */
        public NodeBuilder portTypes(PortType... types) {
            portTypes.addAll(List.of(types));
            return this;
        }

        /** Pool events as upcalls; without a handler they are collected for downcalls. */
        public NodeBuilder eventHandler(RegistryEventHandler handler) {
            this.handler = handler;
            return this;
        }

        /** The in-process network that {@code local} nodes (and in-process registries) share. */
        public NodeBuilder localNetwork(LocalNetwork network) {
            this.localNetwork = network;
            return this;
        }

        /**
         * Fault injection: a switch that cuts this node's wide-area links (with the {@code wan} implementation) and
         * its registry connection while it is on ({@link satin.ipl.NetworkCut}).
         */
        public NodeBuilder networkCut(satin.ipl.NetworkCut cut) {
            this.networkCut = cut;
            return this;
        }

        /** Objects of a type that travel as references rather than copies (see {@link ObjectReferences}). */
        public NodeBuilder objectReferences(ObjectReferences objectReferences) {
            this.references = objectReferences;
            return this;
        }

        /** Chooses the implementation, joins the pool and returns the running node. */
        public Node start() throws IOException {
            IplProvider provider = choose();
            return NodeImpl.start(provider, config, poolCapabilities, portTypes, handler, localNetwork, references,
                    networkCut);
        }

        IplProvider choose() throws IplException {
            String name = config.get(IplProperties.IMPLEMENTATION).trim();
            List<IplProvider> all = providers();
            if (!name.isEmpty()) {
                IplProvider p = all.stream().filter(x -> x.name().equals(name)).findFirst()
                        .orElseThrow(() -> new IplException("no IPL implementation named '" + name
                                + "'; available: " + all.stream().map(IplProvider::name).toList()));
                requireCapabilities(p);
                return p;
            }
            List<String> rejected = new ArrayList<>();
            for (IplProvider p : all) {
                if (localNetwork == null && p.name().equals("local")) {
                    rejected.add("local: needs a LocalNetwork");
                    continue;
                }
                try {
                    requireCapabilities(p);
                    return p;
                } catch (CapabilityMismatchException e) {
                    rejected.add(e.getMessage());
                }
            }
            throw new IplException("no IPL implementation offers what was asked for: " + rejected);
        }

        private void requireCapabilities(IplProvider p) throws CapabilityMismatchException {
            Set<PoolCapability> missingPool = EnumSet.noneOf(PoolCapability.class);
            missingPool.addAll(poolCapabilities);
            missingPool.removeAll(p.poolCapabilities());
            Set<PortCapability> missingPort = EnumSet.noneOf(PortCapability.class);
            for (PortType t : portTypes) {
                missingPort.addAll(t.capabilities());
            }
            missingPort.removeAll(p.portCapabilities());
            if (!missingPool.isEmpty() || !missingPort.isEmpty()) {
                throw new CapabilityMismatchException("implementation '" + p.name() + "' lacks"
                        + (missingPool.isEmpty() ? "" : " pool capabilities " + missingPool)
                        + (missingPort.isEmpty() ? "" : " port capabilities " + missingPort),
                        missingPool, missingPort);
            }
        }
    }
}
