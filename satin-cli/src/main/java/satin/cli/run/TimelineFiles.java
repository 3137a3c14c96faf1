package satin.cli.run;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import satin.runtime.timeline.Timeline;

/**
 * The files of {@code satin run --trace FILE}: a Chrome trace-event JSON object ({@code traceEvents} plus metadata)
 * as Perfetto and {@code chrome://tracing} open it. One node writes its own file; the local launcher merges its
 * nodes' files into one by concatenating their event lists, which this class writes one event per line between a
 * fixed first and last line, so the merge needs no JSON parser and no memory for the events.
 */
public final class TimelineFiles {
    private static final String HEAD = "{\"traceEvents\":[";
    private static final String TAIL = "],";

    private TimelineFiles() {
    }

    /** Writes one node's (or one JVM's) timeline as a complete trace file. */
    public static void write(Path file, Timeline timeline, int pid, String process, List<String> peers, String clock)
            throws IOException {
        createParent(file);
        try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            out.write(HEAD + "\n");
            timeline.writeEvents(out, pid, process, peers);
            out.write("\n" + TAIL + "\n");
            out.write(metadata(clock, 1));
        }
    }

    /** Merges node files into {@code file} (in the given order) and deletes them; returns how many were merged. */
    public static int merge(Path file, List<Path> parts, String clock) throws IOException {
        createParent(file);
        int merged = 0;
        try (BufferedWriter out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            out.write(HEAD + "\n");
            boolean first = true;
            for (Path part : parts) {
                if (!Files.isRegularFile(part)) {
                    continue; // a node that failed before writing
                }
                try (BufferedReader in = Files.newBufferedReader(part, StandardCharsets.UTF_8)) {
                    String line = in.readLine();
                    if (!HEAD.equals(line)) {
                        throw new IOException(part + " is not a timeline written by satin run --trace");
                    }
                    boolean any = false;
                    while ((line = in.readLine()) != null && !line.equals(TAIL)) {
                        if (!any && !first) {
                            out.write(",\n");
                        }
                        out.write(line);
                        out.write('\n');
                        any = true;
                    }
                    first &= !any;
                }
                merged++;
                Files.delete(part);
            }
            out.write(TAIL + "\n");
            out.write(metadata(clock, merged));
        }
        return merged;
    }

    private static String metadata(String clock, int nodes) {
        return String.format(Locale.ROOT, "\"displayTimeUnit\":\"ms\",\"otherData\":{\"producer\":\"satin run --trace\","
                + "\"nodes\":%d,\"clock\":\"%s\"}}%n", nodes, clock);
    }

    private static void createParent(Path file) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
    }
}
