package satin.cli.bench.uts;

import com.sun.management.HotSpotDiagnosticMXBean;
import java.lang.management.ManagementFactory;
import java.util.concurrent.ForkJoinPool;
import satin.apps.uts.Tree;
import satin.apps.uts.Uts;
import satin.runtime.SatinRuntime;

/** One way of counting a tree's nodes, with the threads it owns (closed at the end of the benchmark). */
final class UtsVariant implements AutoCloseable {

    private interface Count {
        long nodes(Tree tree) throws Exception;
    }

    /** The stack of the sequential walk's thread, as deep as a Satin worker's. */
    static final long DEEP_STACK_BYTES = 512L << 20;

    private final String name;
    private final String shortName;
    private final int threads;
    private final Count count;
    private final AutoCloseable owned;
    private final SatinRuntime runtime;

    private UtsVariant(String name, String shortName, int threads, Count count, AutoCloseable owned,
            SatinRuntime runtime) {
        this.name = name;
        this.shortName = shortName;
        this.threads = threads;
        this.count = count;
        this.owned = owned;
        this.runtime = runtime;
    }

    /** The sequential walk, on a thread of its own whose stack holds the deepest tree's recursion. */
    static UtsVariant sequential() {
        return new UtsVariant("sequential", "sequential", 1, UtsVariant::walk, null, null);
    }

    private static long walk(Tree tree) throws InterruptedException {
        long[] nodes = new long[1];
        Throwable[] failure = new Throwable[1];
        Thread walker = new Thread(null, () -> {
            try {
                nodes[0] = new TreeWalk(tree).count();
            } catch (Throwable t) {
                failure[0] = t;
            }
        }, "uts-sequential-walk", DEEP_STACK_BYTES);
        walker.start();
        walker.join();
        if (failure[0] != null) {
            throw new IllegalStateException("the sequential walk failed", failure[0]);
        }
        return nodes[0];
    }

    static UtsVariant forkJoin(int threads) {
        ForkJoinPool pool = new ForkJoinPool(threads);
        return new UtsVariant("ForkJoinPool", "fjp" + threads, threads,
                tree -> pool.invoke(new ForkJoinUts(tree, tree.root(), 0)), pool::shutdown, null);
    }

    static UtsVariant satin(SatinRuntime runtime, int workers) {
        return new UtsVariant("satin", "satin" + workers, workers, tree -> runtime.call(() -> Uts.compute(tree)),
                runtime, runtime);
    }

    /** The JVM's default thread stack ({@code -Xss}, HotSpot's ThreadStackSize), in bytes; 1 MB when unknown. */
    static long defaultStackBytes() {
        try {
            HotSpotDiagnosticMXBean hotspot = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
            return Long.parseLong(hotspot.getVMOption("ThreadStackSize").getValue()) << 10;
        } catch (RuntimeException e) {
            return 1L << 20;
        }
    }

    long count(Tree tree) throws Exception {
        return count.nodes(tree);
    }

    String name() {
        return name;
    }

    /** The name {@code --variants} knows it by; 1-thread variants end in 1, the others in N. */
    String shortName() {
        return threads == 1 ? shortName : shortName.replaceAll("\\d+$", "N");
    }

    boolean isBaseline() {
        return runtime == null && owned == null;
    }

    int threads() {
        return threads;
    }

    SatinRuntime runtime() {
        return runtime;
    }

    @Override
    public void close() {
        if (owned != null) {
            try {
                owned.close();
            } catch (Exception e) {
                throw new IllegalStateException("closing " + name + " at " + threads + " threads", e);
            }
        }
    }
}
