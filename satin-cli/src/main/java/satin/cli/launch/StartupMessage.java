package satin.cli.launch;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/**
 * What a node started with {@code satin run --registry -} reads on its standard input: the registry's
 * {@code host:port} on the first line and, optionally, the run's serialization class list (comma-separated, empty
 * for none) on the second. {@code satin run --nodes N} and {@code --hosts FILE} start their node JVMs before their
 * registry listens and before they have computed that list, and send both once they exist; the node reads them
 * only when it is about to join, so its own start (class loading, option parsing) overlaps with the launcher's
 * work. A user may pipe the first line in by hand ({@code echo host:4000 | satin run --registry - ...}).
 *
 * <p>Framing: the message is exactly these two lines, each ended by {@code \n}, and {@link #read} takes exactly
 * their bytes from the stream, never more (no read-ahead buffer), so whatever follows stays unread: a launcher
 * keeps the stream open after the message, and the node watches it for its end (the launcher is gone) with
 * {@code --end-with-input}.
 *
 * <p>Reading has no time bound of its own, for a written reason: the writer is the process that started this
 * one; it writes at once when ready, and if it dies the stream ends (end of file), which ends the wait too.
 *
 * @param serializationClasses the list, or null when the second line is missing or empty (the node computes it)
 */
public record StartupMessage(String registry, List<String> serializationClasses) {

    /** The message for {@code registry} and {@code serializationClasses} (empty: the nodes compute it). */
    public static String format(String registry, List<String> serializationClasses) {
        for (String c : serializationClasses) {
            if (c.contains(",") || c.contains("\n")) {
                throw new IllegalArgumentException("a class name with a comma or a line break: " + c);
            }
        }
        return registry + "\n" + String.join(",", serializationClasses) + "\n";
    }

    /** Reads one message from {@code in}, consuming exactly its bytes. */
    public static StartupMessage read(InputStream in) throws IOException {
        String registry = readLine(in);
        if (registry == null || registry.isBlank()) {
            throw new IOException("expected the registry's HOST:PORT on standard input, got "
                    + (registry == null ? "the end of the input" : "an empty line"));
        }
        registry = registry.strip();
        if (registry.lastIndexOf(':') <= 0) {
            throw new IOException("expected the registry's HOST:PORT on standard input, got '" + registry + "'");
        }
        String classes = readLine(in);
        List<String> list = classes == null || classes.isBlank() ? null
                : Arrays.stream(classes.strip().split(",")).map(String::strip).toList();
        return new StartupMessage(registry, list);
    }

    /**
     * One line without its end (UTF-8), or null at the end of the input before any byte. Byte by byte, so nothing after
     * the line is taken from the stream ({@code System.in} buffers underneath, so this costs no system call per
     * byte).
     */
    public static String readLine(InputStream in) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        int b;
        while ((b = in.read()) >= 0 && b != '\n') {
            line.write(b);
        }
        if (b < 0 && line.size() == 0) {
            return null;
        }
        String s = line.toString(StandardCharsets.UTF_8);
        return s.endsWith("\r") ? s.substring(0, s.length() - 1) : s;
    }
}
