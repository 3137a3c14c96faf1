package satin.cli.bench.model;

import java.io.ByteArrayOutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import satin.apps.abortprobe.RemoteSpinner;
import satin.apps.abortprobe.Spinner;
import satin.apps.fib.InletFib;
import satin.apps.fib.PaperFib;
import satin.apps.writeprobe.Counter;
import satin.apps.writeprobe.WriteLatency;
import satin.cli.bench.ipl.RoundTrip;
import satin.cli.bench.support.FiguresJson;
import satin.cli.bench.support.Median;
import satin.cli.bench.support.Tail;
import satin.cli.run.RunCommand;
import satin.runtime.RuntimeConfig;
import satin.runtime.SatinRuntime;

/**
 * {@code satin bench model}, in one run:
 * <ol>
 *   <li>abort latency on one JVM: a tree of searches whose leaf spins on another worker (spawning and syncing in a
 *       loop, never ending by itself) is aborted from an inlet; the time from the {@code abort()} call to the last
 *       leaf stopping ({@link Spinner}), median, 90th percentile, maximum and rounds within 1 ms over
 *       {@code --local-repeat} rounds after {@code --local-warmup} untimed ones (with 3 untimed rounds, one timed round
 *       in about ten took 4 ms here: the abort path still being compiled, not the abort);</li>
 *   <li>the cost of a spawn under an inlet: Fib(n) with a spawn at every level on one worker, each spawn inside a
 *       {@code try} whose {@code catch} is an inlet ({@link InletFib}) against the plain Fig. 2.1
 *       ({@link PaperFib}), interleaved rounds, medians and their ratio;</li>
 *   <li>the latency of a shared object's write method ({@link WriteLatency}): in one JVM (the write applied at once
 *       under the object's monitor) and on 2 node JVMs, on the master (ordered by its applier thread) and on the
 *       other node (a round trip to the master), medians over the writes of each;</li>
 *   <li>TSP on 2 node JVMs with the best tour length as a shared object against the bound passed as a parameter
 *       ({@code tspshared ... on|off}), interleaved rounds: nodes expanded, time, and the nodes the sequential twin
 *       with one bound expands from the same initial bound.</li>
 * </ol>
 * and, between the first two, the abort latency with the work on another JVM: a spinning leaf stolen by the other node
 * of 2 node JVMs is aborted from an inlet on the master; the time from {@code abort()} to that leaf stopping
 * ({@link RemoteSpinner}; the node JVMs share this machine's monotonic clock), median and maximum over the rounds,
 * printed next to the round trip it is compared with, measured right after the probe ({@link RoundTrip}). The probe
 * aborts only a leaf that already spins (a leaf's "started" write is applied on the master a message before it returns
 * on the leaf's node; a round that aborted a leaf still in that write measured the write and is repeated), and the
 * timed rounds come after {@code --remote-warmup} untimed ones: the abort's path runs once a round, and the round
 * trip it is compared with is timed after 500 untimed ones, so by default the probe has 500 untimed rounds too (its
 * latency falls with them, from about 1.3 ms in the first hundred to about 0.6 ms after 500 here, as the messaging
 * path gets compiled) and {@code --remote-repeat} timed ones, whose median, 90th percentile, maximum and count within
 * the target are printed. The first rounds are printed too (JIT-cold).
 */
@Command(name = "model", mixinStandardHelpOptions = true,
        description = "Times abort() (call to the last descendant stopping, one JVM), a spawn under an inlet "
                + "against a plain spawn (Fib on one worker), a shared object's write method (one JVM, 2 JVMs) and "
                + "TSP with a shared bound against the bound as a parameter (2 JVMs); prints medians and ratios.")
public final class ModelBenchCommand implements Callable<Integer> {

    @Option(names = "--n", paramLabel = "N", description = "Fib argument (default: ${DEFAULT-VALUE})")
    int n = 32;

    @Option(names = "--repeat", paramLabel = "R", description = "timed rounds of each part (default: ${DEFAULT-VALUE})")
    int repeat = 9;

    @Option(names = "--warmup", paramLabel = "W", description = "untimed rounds of each part (default: ${DEFAULT-VALUE})")
    int warmup = 3;

    @Option(names = "--local-warmup", paramLabel = "W", description = "untimed rounds of the local abort probe "
            + "(default: ${DEFAULT-VALUE})")
    int localWarmup = 30;

    @Option(names = "--local-repeat", paramLabel = "R", description = "timed rounds of the local abort probe; its "
            + "target bounds every round, so it takes enough to show the tail (default: ${DEFAULT-VALUE})")
    int localRepeat = 100;

    @Option(names = "--remote-warmup", paramLabel = "W", description = "untimed rounds of the remote abort probe "
            + "before its timed ones; its abort path runs once a round, so it needs many to be compiled, as the round "
            + "trip it is compared with is after 500 untimed round trips (default: ${DEFAULT-VALUE})")
    int remoteWarmup = 500;

    @Option(names = "--remote-repeat", paramLabel = "R", description = "timed rounds of the remote abort probe "
            + "(default: ${DEFAULT-VALUE})")
    int remoteRepeat = 30;

    @Option(names = "--depth", paramLabel = "D", description = "levels of the aborted tree (default: ${DEFAULT-VALUE})")
    int depth = 4;

    @Option(names = "--writes", paramLabel = "K", description = "timed writes per leaf of the write probe "
            + "(default: ${DEFAULT-VALUE})")
    int writes = 300;

    @Option(names = "--tsp", paramLabel = "ARGS", description = "tspshared instance: cities seed depth "
            + "(default: ${DEFAULT-VALUE})")
    String tsp = "14 5 3";

    @Option(names = "--tsp-rounds", paramLabel = "R", description = "rounds of each TSP variant on 2 JVMs "
            + "(default: ${DEFAULT-VALUE})")
    int tspRounds = 3;

    @Mixin
    FiguresJson json;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        if (n < 2 || n > 45 || repeat < 1 || warmup < 0 || depth < 0 || depth > 16) {
            spec.commandLine().getErr().println("error: need 2 <= n <= 45, repeat >= 1, warmup >= 0, 0 <= depth <= 16");
            return 2;
        }
        if (writes < 1 || tspRounds < 1 || localWarmup < 0 || localRepeat < 1 || remoteWarmup < 0 || remoteRepeat < 1
                || tsp.trim().split("\\s+").length != 3) {
            spec.commandLine().getErr().println("error: need --writes >= 1, --tsp-rounds >= 1, --local-warmup >= 0, "
                    + "--local-repeat >= 1, --remote-warmup >= 0, --remote-repeat >= 1, --tsp \"CITIES SEED DEPTH\"");
            return 2;
        }
        abortLatency(out);
        inletCost(out);
        if (!remoteAbortLatency(out) || !writeLatency(out) || !sharedTsp(out)) {
            return 1;
        }
        json.write();
        return 0;
    }

    private void abortLatency(PrintWriter out) throws Exception {
        double[] micros = new double[localRepeat];
        try (SatinRuntime runtime = SatinRuntime.start(RuntimeConfig.defaults().withName("bench-abort")
                .withWorkers(2))) {
            for (int round = -localWarmup; round < localRepeat; round++) {
                long nanos = runtime.call(() -> Spinner.measure(depth, 1));
                if (round >= 0) {
                    micros[round] = nanos / 1e3;
                }
            }
            long aborted = runtime.statistics().stream().mapToLong(s -> s.jobsAborted()).sum();
            long wasted = runtime.statistics().stream().mapToLong(s -> s.wastedNanos()).sum();
            Tail t = Tail.of(micros);
            double target = 1000;
            out.printf(Locale.ROOT, "abort latency, one JVM, 2 workers, tree of %d levels, leaf on the other worker:"
                    + " median %.1f us, 90th percentile %.1f us, max %.1f us over %d rounds after %d untimed ones, "
                    + "%d of %d within the target (<= %.0f us): %s; %d jobs cancelled, %.1f ms of their work wasted%n",
                    depth, t.median(), t.p90(), t.max(), t.count(), localWarmup, t.within(target), t.count(), target,
                    t.verdict(target), aborted, wasted / 1e6);
            json.put("localAbort.medianUs", t.median());
            json.put("localAbort.p90Us", t.p90());
            json.put("localAbort.maxUs", t.max());
            json.put("localAbort.withinShare", (double) t.within(target) / t.count());
        }
        out.flush();
    }

    private void inletCost(PrintWriter out) throws Exception {
        double[] plain = new double[repeat];
        double[] inlet = new double[repeat];
        try (SatinRuntime runtime = SatinRuntime.start(RuntimeConfig.defaults().withName("bench-inlet")
                .withWorkers(1))) {
            long expected = runtime.call(() -> plainFib(n));
            for (int round = -warmup; round < repeat; round++) {
                long t0 = System.nanoTime();
                long a = runtime.call(() -> plainFib(n));
                long t1 = System.nanoTime();
                long b = runtime.call(() -> inletFib(n));
                long t2 = System.nanoTime();
                if (a != expected || b != expected) {
                    throw new IllegalStateException("Fib(" + n + ") gave " + a + " and " + b + ", expected " + expected);
                }
                if (round >= 0) {
                    plain[round] = (t1 - t0) / 1e6;
                    inlet[round] = (t2 - t1) / 1e6;
                }
            }
        }
        double p = Median.of(plain);
        double i = Median.of(inlet);
        out.printf(Locale.ROOT, "spawn under an inlet, Fib(%d), 1 worker: plain %.1f ms, under an inlet %.1f ms,"
                + " ratio %.2fx (target <= 1.2x), medians of %d interleaved rounds%n", n, p, i, i / p, repeat);
        json.put("inletSpawn.vsPlainSpawn", i / p);
        out.flush();
    }

    private boolean remoteAbortLatency(PrintWriter out) {
        String output = runNodes("remote abort probe", List.of(RemoteSpinner.class.getName(),
                Integer.toString(remoteWarmup + remoteRepeat), "1"));
        if (output == null) {
            return false;
        }
        double rtt;
        try {
            rtt = RoundTrip.medianMicros(2_000); // measured here, next to the figure it bounds
        } catch (Exception e) {
            spec.commandLine().getErr().println("error: cannot measure the round trip: " + e);
            return false;
        }
        List<Double> micros = new ArrayList<>();
        Matcher m = Pattern.compile("latency_us=([0-9.]+)").matcher(output);
        while (m.find()) {
            micros.add(Double.parseDouble(m.group(1)));
        }
        if (micros.size() < remoteWarmup + remoteRepeat) {
            spec.commandLine().getErr().println("error: the remote abort probe printed " + micros.size()
                    + " latencies, not " + (remoteWarmup + remoteRepeat) + ":\n" + output);
            return false;
        }
        Tail cold = Tail.of(values(micros.subList(0, Math.min(remoteRepeat, micros.size()))));
        Tail t = Tail.of(values(micros.subList(remoteWarmup, micros.size())));
        Matcher r = Pattern.compile("not spinning yet: (\\d+)").matcher(output);
        String repeated = r.find() ? r.group(1) : "?";
        double target = rtt + 1000;
        out.printf(Locale.ROOT, "abort latency, 2 JVMs (tcp), the spinning leaf on the other node: median %.1f us, "
                + "90th percentile %.1f us, max %.1f us over %d rounds after %d untimed ones, %d of %d within the target "
                + "(the first %d rounds, JIT-cold: median %.1f us, max %.1f us; %s rounds repeated: the leaf's own write "
                + "was not back yet); round trip measured now (IPL tcp as the run: authenticated, not encrypted, 1 B, "
                + "median of 2000 after 500): %.1f us, target <= %.1f us: %s%n",
                t.median(), t.p90(), t.max(), t.count(), remoteWarmup, t.within(target), t.count(), cold.count(),
                cold.median(), cold.max(), repeated, rtt, target, t.verdict(target));
        json.put("roundTrip.medianUs", rtt);
        json.put("remoteAbort.medianUs", t.median());
        json.put("remoteAbort.p90Us", t.p90());
        json.put("remoteAbort.maxUs", t.max());
        json.put("remoteAbort.withinShare", (double) t.within(target) / t.count());
        json.put("remoteAbort.coldMedianUs", cold.median());
        out.flush();
        return true;
    }

    private static double[] values(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).toArray();
    }

    private boolean writeLatency(PrintWriter out) throws Exception {
        double[] local;
        try (SatinRuntime runtime = SatinRuntime.start(RuntimeConfig.defaults().withName("bench-write")
                .withWorkers(1))) {
            local = runtime.call(() -> {
                Counter c = new Counter();
                WriteLatency.time(c, writes); // warm-up
                return WriteLatency.time(c, writes);
            });
        }
        String output = runNodes("write probe", List.of(WriteLatency.class.getName(), "2", Integer.toString(writes)));
        if (output == null) {
            return false;
        }
        List<Double> master = new ArrayList<>();
        List<Double> other = new ArrayList<>();
        Matcher m = Pattern.compile("master=(true|false) median_us=([0-9.]+)").matcher(output);
        while (m.find()) {
            (m.group(1).equals("true") ? master : other).add(Double.parseDouble(m.group(2)));
        }
        out.printf(Locale.ROOT, "write method latency, median of %d writes per leaf: one JVM %.1f us; 2 JVMs (tcp), "
                + "on the master %s us, on the other node %s us (a round trip to the master)%n", writes, local[0],
                list(master), list(other));
        json.put("write.oneJvm.medianUs", local[0]);
        json.put("write.otherNode.medianUs", Median.of(other.stream().mapToDouble(Double::doubleValue).toArray()));
        out.flush();
        return true;
    }

    private boolean sharedTsp(PrintWriter out) throws Exception {
        List<String> instance = List.of(tsp.trim().split("\\s+"));
        double[][] millis = new double[2][tspRounds];
        long[][] expanded = new long[2][tspRounds];
        long sequential = -1;
        Pattern nodes = Pattern.compile("expanded (\\d+) nodes \\(shared");
        Pattern time = Pattern.compile("satin time: ([0-9.]+) s");
        Pattern seq = Pattern.compile("sequential: expanded (\\d+) nodes");
        for (int round = 0; round < tspRounds; round++) {
            for (int v = 0; v < 2; v++) {
                List<String> args = new ArrayList<>(List.of("tspshared"));
                args.addAll(instance);
                args.add(v == 0 ? "on" : "off");
                String output = runNodes("tspshared " + String.join(" ", args.subList(1, args.size())), args);
                Matcher e = output == null ? null : nodes.matcher(output);
                Matcher t = output == null ? null : time.matcher(output);
                Matcher s = output == null ? null : seq.matcher(output);
                if (output == null || !output.contains("self-check passed") || !e.find() || !t.find() || !s.find()) {
                    spec.commandLine().getErr().println("error: tspshared failed:\n" + output);
                    return false;
                }
                expanded[v][round] = Long.parseLong(e.group(1));
                millis[v][round] = Double.parseDouble(t.group(1)) * 1e3;
                sequential = Long.parseLong(s.group(1));
            }
        }
        double onNodes = Median.of(Arrays.stream(expanded[0]).asDoubleStream().toArray());
        double offNodes = Median.of(Arrays.stream(expanded[1]).asDoubleStream().toArray());
        double onMs = Median.of(millis[0]);
        double offMs = Median.of(millis[1]);
        out.printf(Locale.ROOT, "TSP %s on 2 JVMs (tcp, 1 worker each), medians of %d interleaved rounds: shared bound "
                + "%.0f nodes %.1f ms, bound as parameter %.0f nodes %.1f ms; shared/parameter: nodes %.2fx, time "
                + "%.2fx; sequential with one bound %d nodes, shared/sequential %.2fx (target <= 1.10x)%n", tsp,
                tspRounds, onNodes, onMs, offNodes, offMs, onNodes / offNodes, onMs / offMs, sequential,
                onNodes / sequential);
        json.put("tsp.sharedVsParameter.nodes", onNodes / offNodes);
        json.put("tsp.sharedVsParameter.time", onMs / offMs);
        json.put("tsp.sharedVsSequential.nodes", onNodes / sequential);
        out.flush();
        return true;
    }

    /** {@code satin run --nodes 2 --clusters 2 --workers 1 ARGS}; the program's output, or null after an error. */
    private String runNodes(String what, List<String> args) {
        List<String> all = new ArrayList<>(List.of("--nodes", "2", "--clusters", "2", "--workers", "1"));
        all.addAll(args);
        ByteArrayOutputStream program = new ByteArrayOutputStream();
        StringWriter err = new StringWriter();
        int status = new CommandLine(new RunCommand().programOutput(program)).setErr(new PrintWriter(err, true))
                .execute(all.toArray(String[]::new));
        if (status != 0) {
            spec.commandLine().getErr().println("error: " + what + " on 2 JVMs failed with status " + status + ":\n"
                    + err + program.toString(StandardCharsets.UTF_8));
            return null;
        }
        return program.toString(StandardCharsets.UTF_8);
    }

    private static String list(List<Double> values) {
        return values.isEmpty() ? "(none ran there)" : values.stream()
                .map(v -> String.format(Locale.ROOT, "%.1f", v)).reduce((a, b) -> a + ", " + b).orElse("");
    }

    // This class is not rewritten: each call below is a plain one, and fib syncs its own spawns before it returns
    // (a sync() here would be SatinObject's, which says the caller was not rewritten).
    private static long plainFib(int n) {
        return new PaperFib().fib(n);
    }

    private static long inletFib(int n) {
        return new InletFib().fib(n);
    }

}
