package satin.cli.bench.uts;

import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.ForkJoinPool;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import satin.apps.uts.Trees;
import satin.apps.uts.Uts;
import satin.cli.bench.apps.Rewriting;
import satin.cli.bench.support.FiguresJson;
import satin.cli.bench.support.Median;
import satin.runtime.launch.ReportText;
import satin.runtime.RuntimeConfig;
import satin.runtime.SatinRuntime;

/**
 * {@code satin bench uts}: the Unbalanced Tree Search app ({@link Uts}, rewritten by the plugin) against a sequential
 * walk ({@link TreeWalk}) and {@link ForkJoinPool} ({@link ForkJoinUts}) over the same kernel, at 1 and at all
 * threads, in one JVM. Rounds are interleaved (every variant once per round, so load that comes and goes hits all
 * alike); each variant's median is reported as time, nanoseconds per node and ratios to the sequential walk, to
 * ForkJoinPool at the same thread count and, for the parallel variants, of 1 thread to all. Every run's node count
 * must equal the tree's reference count (or the sequential walk's, for a tree without one), or the command fails.
 */
@Command(name = "uts", mixinStandardHelpOptions = true,
        description = {
            "Times UTS (Unbalanced Tree Search, SHA-1 splitting, a spawn per child) sequentially, on "
                + "ForkJoinPool and on this runtime.",
            "At 1 and all threads, interleaved rounds; prints medians, ns per node and ratios."})
public final class UtsBenchCommand implements Callable<Integer> {

    @Option(names = "--trees", split = ",", paramLabel = "TREE",
            description = "trees: T1, T2, T3, T5, T1L, T3L or a depth 1-20 of the fixed geometric tree with seed 19 "
                    + "(default: 12,T3L)")
    List<String> trees = new ArrayList<>(List.of("12", "T3L"));

    @Option(names = "--repeat", paramLabel = "R", description = "timed rounds (default: ${DEFAULT-VALUE})")
    int repeat = 3;

    @Option(names = "--warmup", paramLabel = "W", description = "untimed rounds (default: ${DEFAULT-VALUE})")
    int warmup = 1;

    @Option(names = "--threads", paramLabel = "T",
            description = "the \"all\" thread count (default: the available processors)")
    int threads = Runtime.getRuntime().availableProcessors();

    @Option(names = "--variants", split = ",", paramLabel = "V",
            description = "which to run, of sequential, fjp1, fjpN, satin1, satinN (default: all; sequential "
                    + "always runs, it is the baseline)")
    List<String> variantNames;

    @Option(names = "--stats", description = "print the worker statistics of the Satin runtimes and, per tree, the "
            + "CPU time a node cost each variant's threads")
    boolean stats;

    @Option(names = "--loop-splitting", description = "Satin answers a thief by splitting counted loops (needs UTS"
            + " rewritten with loop splitting: mvn package -Dsatin.splitLoops=true)")
    boolean loopSplitting;

    @Mixin
    FiguresJson json;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (repeat < 1 || warmup < 0 || threads < 1) {
            err.println("error: need --repeat >= 1, --warmup >= 0, --threads >= 1");
            return 2;
        }
        List<Trees.Named> chosen = new ArrayList<>();
        for (String name : trees) {
            Trees.Named tree = Trees.named(name);
            if (tree == null) {
                err.println("error: unknown tree '" + name + "': use T1, T2, T3, T5, T1L, T3L or a depth 1-20");
                return 2;
            }
            chosen.add(tree);
        }
        if (!Rewriting.isRewritten(Uts.class)) {
            err.println("error: satin.apps.uts.Uts on the class path is not rewritten: build with Maven");
            return 2;
        }
        List<UtsVariant> variants = new ArrayList<>();
        try {
            variants.add(UtsVariant.sequential());
            for (int t : new int[] {1, threads}) {
                variants.add(UtsVariant.forkJoin(t));
            }
            for (int t : new int[] {1, threads}) {
                variants.add(UtsVariant.satin(SatinRuntime.start(RuntimeConfig.defaults().withName("bench-uts-" + t)
                        .withWorkers(t).withLoopSplitting(loopSplitting)), t));
            }
            variants.removeIf(v -> variantNames != null && !v.isBaseline() && !variantNames.contains(v.shortName()));
            for (Trees.Named tree : chosen) {
                List<UtsVariant> running = variants;
                if (tree.tree().type() == 0 && UtsVariant.defaultStackBytes() < UtsVariant.DEEP_STACK_BYTES / 2) {
                    // thousands of levels: ForkJoinPool's threads take the JVM's default stack and overflow it
                    out.printf(Locale.ROOT, "ForkJoinPool left out for %s: its threads have the JVM's default stack "
                            + "(%d KB), too small for the binomial tree's depth; run with SATIN_JAVA_OPTS=-Xss512m%n",
                            tree.name(), UtsVariant.defaultStackBytes() >> 10);
                    running = variants.stream().filter(v -> !v.name().equals("ForkJoinPool")).toList();
                }
                measure(out, tree, running);
            }
            if (stats) {
                for (UtsVariant v : variants) {
                    if (v.runtime() != null) {
                        out.printf(Locale.ROOT, "statistics of satin, %d workers (all rounds of all trees):%n",
                                v.threads());
                        out.print(ReportText.workers(v.runtime().statistics()));
                    }
                }
            }
        } finally {
            variants.forEach(UtsVariant::close);
        }
        out.flush();
        json.write();
        return 0;
    }

    private void measure(PrintWriter out, Trees.Named tree, List<UtsVariant> variants) throws Exception {
        long expected = tree.nodes();
        out.printf(Locale.ROOT, "UTS %s (%s)%s; %d warm-up + %d timed rounds, interleaved, median; "
                + "load average %.2f%n", tree.name(), tree.tree().options(),
                expected > 0 ? String.format(Locale.ROOT, ", %,d nodes", expected) : "", warmup, repeat, load());
        out.flush();
        int n = variants.size();
        double[][] ms = new double[n][repeat];
        double[][] cpu = new double[n][repeat];
        double[][] ownCpu = new double[n][repeat];
        double[][] idle = new double[n][repeat];
        for (int round = -warmup; round < repeat; round++) {
            for (int i = 0; i < n; i++) {
                UtsVariant v = variants.get(i);
                long ownStart = stats ? v.cpuNanos() : -1;
                long idleStart = stats ? v.idleNanos() : 0;
                long cpuStart = processCpuNanos();
                long start = System.nanoTime();
                long nodes = v.count(tree.tree());
                double elapsed = (System.nanoTime() - start) / 1e6;
                double cpuMs = (processCpuNanos() - cpuStart) / 1e6;
                long ownEnd = stats ? v.cpuNanos() : -1;
                double idleMs = stats ? (v.idleNanos() - idleStart) / 1e6 : 0;
                if (expected == 0) {
                    expected = nodes;
                }
                if (nodes != expected) {
                    throw new IllegalStateException(v.name() + " counted " + nodes + " nodes of " + tree.name()
                            + ", expected " + expected);
                }
                if (round >= 0) {
                    ms[i][round] = elapsed;
                    cpu[i][round] = cpuMs;
                    ownCpu[i][round] = ownStart < 0 || ownEnd < 0 ? Double.NaN : (ownEnd - ownStart) / 1e6;
                    idle[i][round] = idleMs;
                }
            }
        }
        double seq = Median.of(ms[0]);
        out.printf(Locale.ROOT, "%-14s %7s %10s %9s %13s %8s %12s %9s%n", "variant", "threads", "median-ms",
                "ns/node", "vs-sequential", "vs-FJP", "vs-1-thread", "cpu-ms");
        String prefix = "uts." + FiguresJson.key("tree " + tree.name());
        json.put(prefix + ".nodes", expected);
        for (int i = 0; i < n; i++) {
            UtsVariant v = variants.get(i);
            double median = Median.of(ms[i]);
            double fjp = medianOf(variants, ms, "ForkJoinPool", v.threads());
            double one = medianOf(variants, ms, v.name(), 1);
            out.printf(Locale.ROOT, "%-14s %7d %10.1f %9.1f %12.2fx %7.2fx %11.2fx %9.1f%n", v.name(), v.threads(),
                    median, median * 1e6 / expected, median / seq, median / fjp, one / median, Median.of(cpu[i]));
            String key = prefix + "." + FiguresJson.key(v.name()) + ".threads" + v.threads();
            json.put(key + ".ms", median);
            json.put(key + ".nsPerNode", median * 1e6 / expected);
            json.put(key + ".vsSequential", median / seq);
            json.put(key + ".vsForkJoinPool", median / fjp);
            json.put(key + ".speedupOver1", one / median);
        }
        out.println("vs-sequential, vs-FJP: time / the sequential walk's, / ForkJoinPool's at the same thread count "
                + "(below 1 is faster); vs-1-thread: speed-up over the same variant at 1 thread; cpu-ms: process CPU "
                + "time per run");
        if (stats) {
            printWork(out, prefix, expected, variants, ms, ownCpu, idle);
        }
        out.flush();
    }

    /**
     * What each node cost the variant's own threads, apart from the wall time: whether a parallel run is slower
     * because its workers pay more per node, wait for work, or were not on a processor at all (other processes,
     * collector pauses, parked), which a ratio of wall times cannot tell apart.
     */
    private void printWork(PrintWriter out, String prefix, long nodes, List<UtsVariant> variants, double[][] ms,
                           double[][] ownCpu, double[][] idle) {
        out.printf(Locale.ROOT, "%-14s %7s %12s %13s %8s %11s%n", "variant", "threads", "cpu-ns/node",
                "busy-ns/node", "idle-ms", "off-cpu-ms");
        for (int i = 0; i < variants.size(); i++) {
            UtsVariant v = variants.get(i);
            if (Double.isNaN(Median.of(ownCpu[i]))) {
                continue; // threads this benchmark cannot tell apart (ForkJoinPool's)
            }
            int r = ms[i].length;
            double[] busy = new double[r];
            double[] off = new double[r];
            for (int k = 0; k < r; k++) {
                busy[k] = ownCpu[i][k] - idle[i][k];
                off[k] = v.threads() * ms[i][k] - ownCpu[i][k];
            }
            double cpuPerNode = Median.of(ownCpu[i]) * 1e6 / nodes;
            double busyPerNode = Median.of(busy) * 1e6 / nodes;
            out.printf(Locale.ROOT, "%-14s %7d %12.1f %13.1f %8.1f %11.1f%n", v.name(), v.threads(), cpuPerNode,
                    busyPerNode, Median.of(idle[i]), Median.of(off));
            json.put(prefix + "." + FiguresJson.key(v.name()) + ".threads" + v.threads() + ".busyNsPerNode",
                    busyPerNode);
        }
        out.println("medians of the timed rounds; cpu-ns/node: CPU time of the variant's own threads per node "
                + "(a runtime's workers, searching included; ForkJoinPool's are not told apart, so it has no row); "
                + "busy-ns/node: that less the workers' idle wall time (searching, waiting, parked; so it is too low, "
                + "even below zero, where idle workers were parked much of the time); off-cpu-ms: threads "
                + "x wall time less that CPU time (parked, stopped by the collector or waiting for a processor)");
    }

    /** The median time of the variant named {@code name} at {@code threads}; NaN when it did not run. */
    private static double medianOf(List<UtsVariant> variants, double[][] ms, String name, int threads) {
        for (int i = 0; i < variants.size(); i++) {
            if (variants.get(i).name().equals(name) && variants.get(i).threads() == threads) {
                return Median.of(ms[i]);
            }
        }
        return Double.NaN;
    }

    private static double load() {
        return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    }

    /** CPU time of this process, all threads; -1 when the JVM does not tell. */
    private static long processCpuNanos() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            return os.getProcessCpuTime();
        }
        return -1;
    }
}
