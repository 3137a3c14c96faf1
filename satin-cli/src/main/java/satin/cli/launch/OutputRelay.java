package satin.cli.launch;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.function.Predicate;

/**
 * Copies a node's output to the launcher's: standard output byte for byte, or line by line with the node's name in
 * front, passing each line first to a filter that may take it (a progress report, the node's end line). Each copy
 * runs on a daemon thread of its own until the node's stream ends. A stream that fails (the node's end of a pipe
 * torn down, the launcher's own output closed on Ctrl-C) ends the copy quietly: what is lost is output of a node
 * that is gone or of a launcher that is stopping.
 */
final class OutputRelay {
    private OutputRelay() {
    }

    static Thread bytes(InputStream in, OutputStream out) {
        return start(() -> {
            byte[] buf = new byte[8192];
            try (in) {
                for (int n; (n = in.read(buf)) > 0; ) {
                    synchronized (out) {
                        out.write(buf, 0, n);
                        out.flush();
                    }
                }
            } catch (IOException e) {
                // see the class comment
            }
        });
    }

    /** Relays the lines {@code taken} does not take, each prefixed. */
    static Thread lines(InputStream in, PrintWriter err, String prefix, Predicate<String> taken) {
        return start(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
                for (String line; (line = r.readLine()) != null; ) {
                    if (taken.test(line)) {
                        continue;
                    }
                    synchronized (err) {
                        err.println(prefix + line);
                        err.flush();
                    }
                }
            } catch (IOException e) {
                // see the class comment
            }
        });
    }

    private static Thread start(Runnable body) {
        Thread t = new Thread(body, "satin-launcher-relay");
        t.setDaemon(true);
        t.start();
        return t;
    }
}
