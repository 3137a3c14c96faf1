package satin.cli.run;

import java.io.IOException;
import java.io.InputStream;

/**
 * Ends a node whose launcher is gone: a daemon thread reads the node's standard input (after the start-up message,
 * which the launcher keeps open and silent) until it ends, and then runs the given action. The input ends when the
 * launcher closes it or dies, locally or at the far end of an ssh connection, so a node never outlives its launcher
 * (until its run's timeout) after a crash or a {@code kill -9} of the launcher.
 *
 * <p>The read blocks without a bound, for a written reason: it is the signal itself, on a thread of its own that
 * does nothing else, and a daemon, so it never holds the JVM up.
 */
final class LauncherWatch {

    private LauncherWatch() {
    }

    /** Starts the watch: {@code onEnd} runs once {@code in} reaches its end or cannot be read any more. */
    static Thread start(InputStream in, Runnable onEnd) {
        Thread t = new Thread(() -> {
            byte[] sink = new byte[256];
            try {
                while (in.read(sink) >= 0) {
                    // a launcher sends nothing after the start-up message; anything else is ignored
                }
            } catch (IOException e) {
                // unreadable: the launcher's end of the pipe is gone too
            }
            onEnd.run();
        }, "satin-launcher-watch");
        t.setDaemon(true);
        t.start();
        return t;
    }
}
