package satin.runtime.node;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import satin.ipl.registry.RegistryServer;

/** Several {@link SatinNode}s in this JVM, each on a thread of its own, joined through an embedded registry. */
final class InProcessPool implements AutoCloseable {

    private final RegistryServer server;
    private final ExecutorService threads;
    private final String pool = "in-process-" + System.nanoTime();
    final List<Future<SatinNode.Outcome>> outcomes = new ArrayList<>();

    InProcessPool(int nodes) throws Exception {
        server = TestPoolSecurity.server().start();
        threads = Executors.newFixedThreadPool(nodes);
    }

    /** Starts a node whose options {@code options} builds from the registry address and the pool name. */
    Future<SatinNode.Outcome> start(Function<String[], NodeOptions> options, Class<?> main, String... args) {
        NodeOptions o = options.apply(new String[] {server.address(), pool});
        Future<SatinNode.Outcome> f = threads.submit(() -> new SatinNode(o, TestPoolSecurity.settings()).run(main, args, null));
        outcomes.add(f);
        return f;
    }

    /** Every node's outcome, waiting at most {@code seconds} for each; a node's failure is thrown. */
    List<SatinNode.Outcome> await(long seconds) throws Exception {
        List<SatinNode.Outcome> result = new ArrayList<>();
        for (Future<SatinNode.Outcome> f : outcomes) {
            try {
                result.add(f.get(seconds, TimeUnit.SECONDS));
            } catch (ExecutionException e) {
                throw new AssertionError("a node failed: " + e.getCause(), e.getCause());
            }
        }
        return result;
    }

    static SatinNode.Outcome master(List<SatinNode.Outcome> outcomes) {
        return outcomes.stream().filter(SatinNode.Outcome::master).findFirst().orElseThrow();
    }

    @Override
    public void close() {
        threads.shutdownNow();
        server.close();
    }
}
