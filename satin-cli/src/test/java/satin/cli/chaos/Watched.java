package satin.cli.chaos;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * A process whose standard output and error are read as they come, line by line, so that a test can wait for a
 * line (an event) and read everything once the process has ended.
 */
final class Watched implements AutoCloseable {
    private final Process process;
    private final List<String> out = new ArrayList<>();
    private final List<String> err = new ArrayList<>();
    private final Thread outReader;
    private final Thread errReader;

    private Watched(Process process) {
        this.process = process;
        this.outReader = reader(process.getInputStream(), out);
        this.errReader = reader(process.getErrorStream(), err);
    }

    static Watched start(ProcessBuilder builder) throws IOException {
        return new Watched(builder.start());
    }

    private Thread reader(InputStream in, List<String> lines) {
        Thread t = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
                for (String line; (line = r.readLine()) != null; ) {
                    synchronized (this) {
                        lines.add(line);
                        notifyAll();
                    }
                }
            } catch (IOException e) {
                // the process is gone
            }
        }, "chaos-reader");
        t.setDaemon(true);
        t.start();
        return t;
    }

    Process process() {
        return process;
    }

    long pid() {
        return process.pid();
    }

    /** Waits until a line of standard error passes {@code test}; false when the process ended or time ran out. */
    boolean awaitErr(Predicate<String> test, long millis) throws InterruptedException {
        return await(err, errReader, test, millis);
    }

    /** Waits until a line of standard output passes {@code test}; false when the process ended or time ran out. */
    boolean awaitOut(Predicate<String> test, long millis) throws InterruptedException {
        return await(out, outReader, test, millis);
    }

    private synchronized boolean await(List<String> lines, Thread reader, Predicate<String> test, long millis)
            throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
        while (lines.stream().noneMatch(test)) {
            long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
            if (left <= 0 || !process.isAlive() && !reader.isAlive()) {
                return lines.stream().anyMatch(test);
            }
            wait(Math.min(left, 100));
        }
        return true;
    }

    /** Waits for the process's end and its output's; its exit status, or null when it did not end in time. */
    Integer awaitExit(long millis) throws InterruptedException {
        if (!process.waitFor(millis, TimeUnit.MILLISECONDS)) {
            return null;
        }
        outReader.join(10_000);
        errReader.join(10_000);
        return process.exitValue();
    }

    synchronized String out() {
        return String.join("\n", out);
    }

    synchronized String err() {
        return String.join("\n", err);
    }

    @Override
    public void close() {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
    }
}
