package satin.cli.bench.startup;

import java.io.File;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import satin.cli.bench.support.FiguresJson;
import satin.cli.launch.LauncherArchive;
import satin.cli.bench.support.Median;

/**
 * {@code satin bench startup}: what a local multi-node run costs at start and end. Each variant is a fresh
 * {@code satin run} process started as a user starts it (this JVM's java and class path, main class
 * {@code satin.cli.SatinCommand}, so with the packaged jar exactly {@code java -jar satin.jar run ...}, and with the
 * launcher's class-data archive as the {@code ./satin} script gives it, {@link LauncherArchive}: made first if the
 * jar has none yet), timed from
 * its start to its exit: {@code run fib N} in one JVM, {@code run --nodes 2 fib N} and {@code run --nodes 4
 * --clusters 2 fib N}, in interleaved rounds after one untimed warm-up round (which writes the node JVMs' class-data
 * archive and the serialization list the first time). Prints the medians and each multi-node variant's median
 * minus the one-JVM median, the figure the start-up work aims at; the load average before and after goes beside
 * it, since on a shared machine other work stretches every start.
 */
@Command(name = "startup", mixinStandardHelpOptions = true,
        description = "Times whole 'satin run' processes: fib N in one JVM, on 2 node JVMs and on 4 in 2 clusters; "
                + "prints each multi-node run's extra time over the one-JVM run.")
public final class StartupBenchCommand implements Callable<Integer> {

    @Option(names = "--n", paramLabel = "N", description = "fib argument (default: ${DEFAULT-VALUE})")
    int n = 20;

    @Option(names = "--runs", paramLabel = "R", description = "timed rounds (default: ${DEFAULT-VALUE})")
    int runs = 5;

    @Mixin
    FiguresJson json;

    @Spec
    CommandSpec spec;

    private record Variant(String label, String key, List<String> options) {
    }

    private static final List<Variant> VARIANTS = List.of(new Variant("1 JVM", "oneJvm", List.of()),
            new Variant("--nodes 2", "nodes2", List.of("--nodes", "2")),
            new Variant("--nodes 4 --clusters 2", "nodes4Clusters2", List.of("--nodes", "4", "--clusters", "2")));

    @Override
    public Integer call() throws IOException, InterruptedException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (runs < 1 || n < 1) {
            err.println("error: --runs and --n must be at least 1");
            return 2;
        }
        List<String> launcher = launcherCommand(err);
        String before = loadAverage();
        out.printf("satin bench startup: fib %d, %d rounds after a warm-up round, %d processors, load average %s; "
                + "launcher %s%n", n, runs, Runtime.getRuntime().availableProcessors(), before,
                launcher.stream().anyMatch(o -> o.startsWith("-XX:SharedArchiveFile"))
                        ? "with its class-data archive (as ./satin starts it)" : "without a class-data archive");
        out.flush();
        for (Variant v : VARIANTS) {
            if (time(launcher, v, err) < 0) {
                return 1;
            }
        }
        double[][] seconds = new double[VARIANTS.size()][runs];
        for (int r = 0; r < runs; r++) {
            StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "  round %d", r + 1));
            for (int v = 0; v < VARIANTS.size(); v++) {
                seconds[v][r] = time(launcher, VARIANTS.get(v), err);
                if (seconds[v][r] < 0) {
                    return 1;
                }
                line.append(String.format(Locale.ROOT, "  %s %.3f s", VARIANTS.get(v).label(), seconds[v][r]));
            }
            out.println(line);
            out.flush();
        }
        double base = Median.of(seconds[0]);
        out.printf("%-24s %10s %12s%n", "variant", "median s", "extra s");
        for (int v = 0; v < VARIANTS.size(); v++) {
            Variant variant = VARIANTS.get(v);
            double t = Median.of(seconds[v]);
            out.printf(Locale.ROOT, "%-24s %10.3f %12s%n", variant.label(), t,
                    v == 0 ? "" : String.format(Locale.ROOT, "%.3f", t - base));
            json.put(variant.key() + ".s", t);
            if (v > 0) {
                json.put(variant.key() + ".extraS", t - base);
            }
        }
        out.printf("load average before %s, after %s%n", before, loadAverage());
        out.flush();
        json.write();
        return 0;
    }

    /**
     * The launcher's command up to {@code run}: this JVM's java and class path, and the launcher's class-data archive
     * when the class path is the packaged jar (made now if this jar has none: what {@code ./satin} does on first use).
     */
    private static List<String> launcherCommand(PrintWriter err) throws IOException, InterruptedException {
        String classpath = System.getProperty("java.class.path");
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString()));
        Optional<LauncherArchive> archive = LauncherArchive.of(classpath);
        if (archive.isPresent()) {
            LauncherArchive a = archive.get();
            if (!a.decided()) {
                err.println("satin bench startup: making the launcher's class-data archive " + a.path() + " (once per jar)");
                err.flush();
                a.create(System.getProperty("java.home"), 120);
            }
            if (a.usable()) {
                command.addAll(a.jvmOptions());
                classpath = a.jar().toString();
            }
        }
        command.addAll(List.of("-cp", classpath, "satin.cli.SatinCommand", "run"));
        return command;
    }

    /** One whole {@code satin run} process of {@code v}, in seconds, or -1 (reported) when it failed. */
    private double time(List<String> launcher, Variant v, PrintWriter err) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(launcher);
        command.addAll(v.options());
        command.addAll(List.of("fib", Integer.toString(n)));
        File output = File.createTempFile("satin-bench-startup-", ".out");
        try {
            long start = System.nanoTime();
            Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output).start();
            int exit = p.waitFor(); // bounded by the run's own --timeout (60 s) per wait inside it
            double seconds = (System.nanoTime() - start) / 1e9;
            String text = Files.readString(output.toPath(), StandardCharsets.UTF_8);
            if (exit != 0 || !text.contains("fib(" + n + ") = ")) {
                err.println("error: satin run " + String.join(" ", v.options()) + " fib " + n + " failed (exit " + exit
                        + "):\n" + text);
                return -1;
            }
            return seconds;
        } finally {
            Files.deleteIfExists(output.toPath());
        }
    }

    private static String loadAverage() {
        try {
            String[] parts = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
            return parts[0] + " " + parts[1] + " " + parts[2];
        } catch (IOException | RuntimeException e) {
            return "unknown";
        }
    }
}
