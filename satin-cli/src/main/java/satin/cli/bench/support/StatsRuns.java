package satin.cli.bench.support;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;
import satin.cli.run.RunCommand;

/**
 * Runs of {@code satin run} in this JVM (its node JVMs are real processes) whose {@code --stats-json} a benchmark
 * reads back, in a scratch directory of their own that {@link #close} deletes with everything in it. The
 * program's own output is discarded; what the run prints on standard error is kept for the caller.
 */
public final class StatsRuns implements AutoCloseable {

    /** A finished run: its statistics, and what it printed on standard error. */
    public record Outcome(JsonNode stats, String stderr) {
    }

    private final Path dir;
    private final PrintWriter errors;

    /**
     * @param prefix name prefix of the scratch directory
     * @param errors where a failed run is reported
     */
    public StatsRuns(String prefix, PrintWriter errors) throws IOException {
        this.dir = Files.createTempDirectory(prefix);
        this.errors = errors;
    }

    /**
     * Runs {@code satin run --stats-json FILE runArgs...} with the statistics in file {@code name} of the scratch
     * directory. Returns null after reporting the failure (naming {@code what}, or the command when null) when the
     * run ended with a non-zero status or wrote no statistics.
     */
    public Outcome run(String name, List<String> runArgs, String what) throws IOException {
        Path json = dir.resolve(name);
        List<String> a = new ArrayList<>(List.of("--stats-json", json.toString()));
        a.addAll(runArgs);
        StringWriter err = new StringWriter();
        int status = new CommandLine(new RunCommand().programOutput(OutputStream.nullOutputStream()))
                .setErr(new PrintWriter(err, true)).execute(a.toArray(String[]::new));
        if (status != 0 || !Files.exists(json)) {
            errors.println("error: " + (what != null ? what : String.join(" ", a)) + " failed with status " + status
                    + ":\n" + err);
            return null;
        }
        return new Outcome(new ObjectMapper().readTree(json.toFile()), err.toString());
    }

    @Override
    public void close() throws IOException {
        try (var files = Files.list(dir)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                Files.deleteIfExists(f);
            }
        }
        Files.deleteIfExists(dir);
    }
}
