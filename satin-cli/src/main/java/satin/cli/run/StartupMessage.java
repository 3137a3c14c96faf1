package satin.cli.run;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/**
 * What a node started with {@code satin run --registry -} reads on its standard input: the registry's
 * {@code host:port} on the first line and, optionally, the run's serialization class list (comma-separated) on
 * the second. {@code satin run --nodes N} starts its node JVMs before its registry listens and before it has
 * computed that list, and sends both once they exist; the node reads them only when it is about to join, so
 * its own start (class loading, option parsing) overlaps with the launcher's work. A user may pipe the first
 * line in by hand ({@code echo host:4000 | satin run --registry - ...}).
 *
 * <p>Reading has no time bound of its own, for a written reason: the writer is the process that started this
 * one; it writes at once when ready and closes the stream, and if it dies the stream ends (end of file), which
 * ends the wait too.
 *
 * @param serializationClasses the list, or null when the second line is missing (the node computes it)
 */
public record StartupMessage(String registry, List<String> serializationClasses) {

    public static StartupMessage read(InputStream in) throws IOException {
        BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
        String registry = reader.readLine();
        if (registry == null || registry.isBlank()) {
            throw new IOException("expected the registry's HOST:PORT on standard input, got "
                    + (registry == null ? "the end of the input" : "an empty line"));
        }
        registry = registry.strip();
        if (registry.lastIndexOf(':') <= 0) {
            throw new IOException("expected the registry's HOST:PORT on standard input, got '" + registry + "'");
        }
        String classes = reader.readLine();
        List<String> list = classes == null || classes.isBlank() ? null
                : Arrays.stream(classes.strip().split(",")).map(String::strip).toList();
        return new StartupMessage(registry, list);
    }
}
