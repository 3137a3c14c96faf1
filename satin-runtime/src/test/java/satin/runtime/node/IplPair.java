package satin.runtime.node;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import satin.ipl.IplConfig;
import satin.ipl.IplProperties;
import satin.ipl.Node;
import satin.ipl.NodeIdentifier;
import satin.ipl.PoolCapability;
import satin.ipl.registry.RegistryServer;
import satin.ipl.start.Ipl;

/**
 * Two real IPL nodes (tcp, through an embedded registry) with the port type of {@link SatinNode}, in pool order:
 * {@code node(0)} is member 0. Receive ports and {@link Peers} are the test's to create.
 */
final class IplPair implements AutoCloseable {

    private final RegistryServer server;
    private final Node[] nodes = new Node[2];
    final List<NodeIdentifier> members;

    /** {@code tweak} adds settings (flow window, serialization classes) to both nodes' configuration. */
    IplPair(UnaryOperator<IplConfig.Builder> tweak) throws Exception {
        server = TestPoolSecurity.server().start();
        String pool = "pair-" + System.nanoTime();
        ExecutorService threads = Executors.newFixedThreadPool(2);
        try {
            List<Future<Node>> started = new ArrayList<>();
            for (int i = 0; i < 2; i++) {
                IplConfig config = tweak.apply(IplConfig.builder()
                        .set(IplProperties.REGISTRY_ADDRESS, server.address()).set(IplProperties.POOL_NAME, pool)
                        .set(IplProperties.POOL_SIZE, 2).set(IplProperties.LOCATION, "n" + i + "@c")
                        .set(IplProperties.SECRET_FILE, TestPoolSecurity.settings().get(IplProperties.SECRET_FILE))
                        .set(IplProperties.IMPLEMENTATION, "tcp")).build();
                started.add(threads.submit(() -> Ipl.node(config).portTypes(SatinNode.PORT_TYPE)
                        .poolCapabilities(PoolCapability.CLOSED_WORLD).start()));
            }
            List<Node> joined = new ArrayList<>();
            for (Future<Node> f : started) {
                joined.add(f.get(60, TimeUnit.SECONDS));
            }
            for (Node n : joined) {
                if (!n.registry().waitUntilPoolClosed(60_000)) {
                    throw new IllegalStateException("the pool did not close");
                }
            }
            members = joined.get(0).registry().members();
            for (Node n : joined) {
                nodes[members.get(0).sameAs(n.identifier()) ? 0 : 1] = n;
            }
        } finally {
            threads.shutdownNow();
        }
    }

    Node node(int index) {
        return nodes[index];
    }

    @Override
    public void close() throws Exception {
        for (Node n : nodes) {
            if (n != null) {
                n.close();
            }
        }
        server.close();
    }
}
