package satin.cli.bench.uts;

import com.sun.management.HotSpotDiagnosticMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import satin.apps.uts.Tree;
import satin.apps.uts.Uts;
import satin.runtime.SatinRuntime;
import satin.runtime.spawn.WorkerStatistics;

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
    /** The runtime's worker threads, found by name on the first look. */
    private List<Thread> workerThreads;

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
        return new UtsVariant("sequential", "sequential", 1, new SequentialWalk(), null, null);
    }

    /** The walk, and the CPU time its threads used so far; each walk adds its thread's after it ended. */
    private static final class SequentialWalk implements Count {
        private long cpuNanos;

        @Override
        public long nodes(Tree tree) throws InterruptedException {
            long[] nodes = new long[1];
            long[] cpu = new long[1];
            Throwable[] failure = new Throwable[1];
            Thread walker = new Thread(null, () -> {
                long start = threadCpuNanos();
                try {
                    nodes[0] = new TreeWalk(tree).count();
                } catch (Throwable t) {
                    failure[0] = t;
                }
                cpu[0] = threadCpuNanos() - start;
            }, "uts-sequential-walk", DEEP_STACK_BYTES);
            walker.start();
            walker.join();
            if (failure[0] != null) {
                throw new IllegalStateException("the sequential walk failed", failure[0]);
            }
            cpuNanos += cpu[0];
            return nodes[0];
        }
    }

    private static long threadCpuNanos() {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        return threads.isCurrentThreadCpuTimeSupported() ? threads.getCurrentThreadCpuTime() : -1;
    }

    /**
     * CPU time, in nanoseconds, that this variant's own threads used so far (the walk's thread, or the runtime's
     * workers, searching included); -1 when the JVM does not measure it or the variant's threads are not known
     * (ForkJoinPool's). Read between runs: the difference over a run is what the run's threads ran for.
     */
    long cpuNanos() {
        if (count instanceof SequentialWalk walk) {
            return walk.cpuNanos;
        }
        if (runtime == null) {
            return -1;
        }
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        if (!mx.isThreadCpuTimeSupported()) {
            return -1;
        }
        if (workerThreads == null) {
            String prefix = runtime.config().name() + "-worker-";
            workerThreads = Thread.getAllStackTraces().keySet().stream()
                    .filter(t -> t.getName().startsWith(prefix)).toList();
        }
        long sum = 0;
        for (Thread t : workerThreads) {
            sum += Math.max(0, mx.getThreadCpuTime(t.getId()));
        }
        return sum;
    }

    /** Time the runtime's workers spent looking for work or waiting so far (0 for the other variants). */
    long idleNanos() {
        if (runtime == null) {
            return 0;
        }
        long sum = 0;
        for (WorkerStatistics w : runtime.statistics()) {
            if (w.worker() >= 0) {
                sum += w.idleNanos();
            }
        }
        return sum;
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
