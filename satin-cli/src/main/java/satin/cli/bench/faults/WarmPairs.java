package satin.cli.bench.faults;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import satin.balance.BalancePolicies;
import satin.cli.bench.support.Median;
import satin.cli.bench.support.MedianInterval;
import satin.ipl.IplException;
import satin.ipl.registry.RegistryServer;
import satin.ipl.security.EncryptionPolicy;
import satin.ipl.security.PoolSecret;
import satin.runtime.RuntimeConfig;
import satin.runtime.launch.PoolLaunch;
import satin.runtime.launch.PoolSecuritySettings;
import satin.runtime.node.NodeOptions;
import satin.runtime.node.SatinNode;
import satin.runtime.node.classes.SerializationClasses;

/**
 * The fault-free overhead measured where only the feature differs: N nodes as {@code satin run --nodes N} makes them
 * (each with its own IPL node, its own sockets over loopback, authenticated by a fresh pool secret and not encrypted,
 * its own registry connection and a runtime with one worker), but all in this one long-lived JVM, joined through a
 * registry it serves; one pool after another, with fault tolerance off and on in pairs whose order alternates, after
 * warm-up pairs that are not counted.
 *
 * <p>Why in one JVM: runs of fresh JVMs differ by up to +-10% in how fast the same code runs (which methods the JIT
 * compiles and how, fixed for the rest of that JVM's life), as much in a one-node run where fault tolerance does
 * nothing; so 16 process pairs bound the overhead only to about +-10%. Here both sides run the same compiled code,
 * warmed by both, and a pair differs by the feature and by scheduling only. What it leaves out is the start of the
 * node JVMs, which fault tolerance does not change.
 */
final class WarmPairs {

    /** One off/on pair of pools: the master's {@code main} time in each. */
    record Pair(double offMillis, double onMillis) {
        double ratio() {
            return onMillis / offMillis;
        }
    }

    private final int nodes;
    private final int clusters;
    private final BalancePolicies algorithm;
    private final Class<?> mainClass;
    private final String[] args;
    private final long timeoutMillis;
    private int pools;

    WarmPairs(int nodes, int clusters, BalancePolicies algorithm, Class<?> mainClass, List<String> args,
            long timeoutMillis) {
        this.nodes = nodes;
        this.clusters = clusters;
        this.algorithm = algorithm;
        this.mainClass = mainClass;
        this.args = args.toArray(String[]::new);
        this.timeoutMillis = timeoutMillis;
    }

    /**
     * Runs {@code warmUp} uncounted pairs, then {@code pairs} counted ones, printing each counted pair on
     * {@code out}. The program's own output (printed by whichever node runs {@code main}) is dropped meanwhile.
     */
    List<Pair> measure(int warmUp, int pairs, PrintWriter out) throws IOException, InterruptedException {
        Path secret = PoolSecret.writeNewTemporary("satin-bench-secret-");
        PoolSecuritySettings security = new PoolSecuritySettings(secret, false, EncryptionPolicy.NONE);
        List<String> classes = SerializationClasses.forProgram(mainClass, null, mainClass.getClassLoader(),
                List.of());
        ExecutorService threads = Executors.newFixedThreadPool(nodes, r -> {
            Thread t = new Thread(r, "bench-node");
            t.setDaemon(true);
            return t;
        });
        PrintStream programOut = System.out;
        System.setOut(new PrintStream(OutputStream.nullOutputStream()));
        List<Pair> counted = new ArrayList<>();
        try (RegistryServer registry = startRegistry(security)) {
            for (int p = 0; p < warmUp + pairs; p++) {
                boolean onFirst = p % 2 == 1;
                double first = runPool(registry, security, classes, threads, onFirst);
                double second = runPool(registry, security, classes, threads, !onFirst);
                Pair pair = onFirst ? new Pair(second, first) : new Pair(first, second);
                if (p < warmUp) {
                    continue;
                }
                counted.add(pair);
                out.printf(Locale.ROOT, "  warm pair %2d  %-3s first  off %8.1f ms  on %8.1f ms  on/off %+6.1f%%%n",
                        p - warmUp + 1, onFirst ? "on" : "off", pair.offMillis(), pair.onMillis(),
                        100 * (pair.ratio() - 1));
                out.flush();
            }
        } finally {
            System.setOut(programOut);
            threads.shutdownNow();
            Files.deleteIfExists(secret);
            Files.deleteIfExists(secret.getParent());
        }
        return counted;
    }

    private static RegistryServer startRegistry(PoolSecuritySettings security) throws IOException,
            InterruptedException {
        try {
            return new RegistryServer("127.0.0.1", 0).security(security.registrySecurity()).start();
        } catch (IplException e) {
            throw new IOException("cannot start the registry for the warm pairs: " + e.getMessage(), e);
        }
    }

    /** One pool of {@link #nodes} nodes in this JVM; returns the master's {@code main} time in milliseconds. */
    private double runPool(RegistryServer registry, PoolSecuritySettings security, List<String> classes,
            ExecutorService threads, boolean faultTolerant) throws IOException, InterruptedException {
        String pool = "bench-faults-warm-" + ProcessHandle.current().pid() + "-" + pools++;
        List<Future<SatinNode.Outcome>> outcomes = new ArrayList<>();
        for (int i = 0; i < nodes; i++) {
            NodeOptions options = new NodeOptions(registry.address(), pool, nodes, "node" + i,
                    "cluster" + (i % clusters), 1, RuntimeConfig.DEFAULT_INLINE_THRESHOLD, algorithm, "", "",
                    List.of(), timeoutMillis, faultTolerant, NodeOptions.DEFAULT_DETECTION_MILLIS, true);
            outcomes.add(threads.submit(() -> PoolLaunch.run(options, security, Map.of(), false, mainClass, args,
                    null, null, classes, node -> { })));
        }
        double mainMillis = -1;
        for (Future<SatinNode.Outcome> f : outcomes) {
            SatinNode.Outcome o;
            try {
                o = f.get(timeoutMillis, TimeUnit.MILLISECONDS);
            } catch (ExecutionException e) {
                throw new IOException("a node of warm pool " + pool + " failed: " + e.getCause().getMessage(),
                        e.getCause());
            } catch (TimeoutException e) {
                throw new IOException("warm pool " + pool + " did not end within " + timeoutMillis + " ms", e);
            }
            if (o.master()) {
                if (o.mainFailure() != null) {
                    throw new IOException("the program failed in warm pool " + pool + ": " + o.mainFailure(),
                            o.mainFailure());
                }
                mainMillis = o.report().mainNanos() / 1e6;
            }
        }
        if (mainMillis < 0) {
            throw new IOException("warm pool " + pool + " reported no master");
        }
        return mainMillis;
    }

    /** The median on/off ratio of {@code pairs} and its distribution-free 95% interval. */
    static MedianInterval interval(List<Pair> pairs) {
        return MedianInterval.of(pairs.stream().mapToDouble(Pair::ratio).toArray(), 0.95);
    }

    static double medianRatio(List<Pair> pairs) {
        return Median.of(pairs.stream().mapToDouble(Pair::ratio).toArray());
    }
}
