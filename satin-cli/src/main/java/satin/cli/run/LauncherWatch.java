package satin.cli.run;

import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.AsynchronousCloseException;
import java.nio.channels.FileChannel;

/**
 * Ends a node whose launcher is gone: a daemon thread reads the node's standard input (after the start-up message,
 * which the launcher keeps open and silent) until it ends, and then runs the given action. The input ends when the
 * launcher closes it or dies, locally or at the far end of an ssh connection, so a node never outlives its launcher
 * (until its run's timeout) after a crash or a {@code kill -9} of the launcher.
 *
 * <p>The read blocks without a bound, for a written reason: it is the signal itself, on a thread of its own that
 * does nothing else, and a daemon, so it never holds the JVM up.
 *
 * <p>It reads through a {@link FileChannel} rather than {@code System.in}, so that {@link #stop} can wake it: a
 * thread blocked in a native read delays the JVM's exit by about 300 ms (HotSpot waits that long for threads in
 * native code to block before it exits; measured 350 ms per node JVM of {@code satin run --nodes N}), and closing
 * the channel signals the reading thread out of its read at once. The start-up message before it was read from
 * {@code System.in}, byte by byte; nothing follows it, so nothing is left in that stream's buffer.
 */
public final class LauncherWatch {

    private final FileChannel input;
    private final Thread thread;
    private volatile boolean stopped;

    private LauncherWatch(FileChannel input, Runnable onEnd) {
        this.input = input;
        this.thread = new Thread(() -> {
            ByteBuffer sink = ByteBuffer.allocate(256);
            try {
                while (input.read(sink) >= 0) {
                    sink.clear(); // a launcher sends nothing after the start-up message; anything else is ignored
                }
            } catch (AsynchronousCloseException e) {
                // stop(): the node ends by itself
            } catch (IOException e) {
                // unreadable: the launcher's end of the pipe is gone too
            }
            if (!stopped) {
                onEnd.run();
            }
        }, "satin-launcher-watch");
        thread.setDaemon(true);
    }

    /** Starts watching this JVM's standard input: {@code onEnd} runs once it reaches its end or cannot be read. */
    public static LauncherWatch start(Runnable onEnd) {
        LauncherWatch watch = new LauncherWatch(new FileInputStream(FileDescriptor.in).getChannel(), onEnd);
        watch.thread.start();
        return watch;
    }

    /**
     * Stops watching without running the action (this node ends by itself) and returns once the reading thread has
     * left its read: call it right before the JVM exits.
     */
    public void stop() {
        stopped = true;
        try {
            input.close(); // signals the thread out of its read and waits until it has left it
        } catch (IOException e) {
            // closing a pipe's read end does not fail in a way that matters here: the JVM exits next
        }
    }
}
