package satin.cli.experiment;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;

/**
 * Base of the experiment subcommands: bad input (options, files) is one line naming the cause and exit status 2; a
 * failed emulated run (a node that failed, a broken self-check) is exit status 1 with the nodes' output.
 */
abstract class ExperimentBase implements Callable<Integer> {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public final Integer call() throws Exception {
        PrintWriter err = spec.commandLine().getErr();
        try {
            return execute(spec.commandLine().getOut(), err);
        } catch (IllegalArgumentException | UncheckedIOException e) {
            err.println("\nerror: " + e.getMessage());
            err.flush();
            return 2;
        } catch (IOException e) {
            err.println("\nerror: " + e.getMessage());
            err.flush();
            return 1;
        } finally {
            spec.commandLine().getOut().flush();
        }
    }

    abstract Integer execute(PrintWriter out, PrintWriter err) throws Exception;

    /** The machine's one-minute load average (negative where the JVM cannot tell), for the record of every figure. */
    static double loadAverage() {
        return java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    }

    /**
     * The JSON document of an experiment: its name, what defines it ({@code key, value} pairs), the settings every
     * experiment shares, the machine's load at the start and now, then the cells.
     */
    static java.util.Map<String, Object> document(String experiment, ExperimentOptions options, double scale,
            double loadAtStart, Object cells, Object... definition) {
        java.util.Map<String, Object> json = new java.util.LinkedHashMap<>();
        json.put("experiment", experiment);
        for (int i = 0; i + 1 < definition.length; i += 2) {
            json.put((String) definition[i], definition[i + 1]);
        }
        json.put("timeScale", scale);
        json.put("seed", options.seed);
        json.put("repeat", options.repeat);
        json.put("loadAverageAtStart", loadAtStart);
        json.put("loadAverageAtEnd", loadAverage());
        json.put("processors", Runtime.getRuntime().availableProcessors());
        json.put("cells", cells);
        return json;
    }

    /** One line saying on what machine and under what load the figures above were measured. */
    static String machineLine(double loadAtStart) {
        return String.format(java.util.Locale.ROOT, "machine: %d processors, load average %.2f at the start, %.2f at the end",
                Runtime.getRuntime().availableProcessors(), loadAtStart, loadAverage());
    }

    /** What draws the charts of an experiment into a directory; returns the files written. */
    @FunctionalInterface
    interface ChartWriter {
        List<Path> draw(Path dir) throws IOException;
    }

    /** Writes {@code --json FILE} and {@code --out DIR} and says where. */
    static void writeOutputs(ExperimentOptions options, Object json, PrintWriter out, ChartWriter charts) throws IOException {
        if (options.json != null) {
            Path parent = options.json.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            // made here, not in a static field: picocli instantiates every subcommand at every launch, and the
            // mapper's initialisation loaded about 400 Jackson classes into each `satin` start (issue 32)
            new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(options.json.toFile(), json);
            out.println("json: " + options.json);
        }
        if (options.out != null) {
            for (Path p : charts.draw(options.out)) {
                out.println("chart: " + p);
            }
        }
    }
}
