package satin.samples.testing;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Runs sample programs in fresh JVMs exactly as a user starts a Java program: {@code java -Dsatin...=... -cp
 * <classes and libraries> Main args}, no launcher. Output goes to files (no pipe can fill up); every wait is
 * bounded, and every JVM still running when a test ends is killed.
 */
public final class Jvms implements AutoCloseable {

    /** Exit status and output of one JVM. */
    public record Result(String name, int exit, String out, String err) {
        @Override
        public String toString() {
            return "[" + name + "] exit " + exit + "\n--- stdout\n" + out + "--- stderr\n" + err;
        }
    }

    private record Started(String name, Process process, Path out, Path err) {
    }

    private final List<Started> started = new ArrayList<>();
    private final Path dir;

    public Jvms(Path dir) {
        this.dir = dir;
    }

    /** Starts {@code main} with the test's class path and the given system properties. */
    public void start(String name, Map<String, String> properties, String main, String... args) throws IOException {
        startWith(System.getProperty("java.class.path"), name, properties, main, args);
    }

    /** Starts {@code main} with the given class path and system properties. */
    public void startWith(String classPath, String name, Map<String, String> properties, String main, String... args)
            throws IOException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1"));
        properties.forEach((k, v) -> command.add("-D" + k + "=" + v));
        command.addAll(List.of("-cp", classPath, main));
        command.addAll(List.of(args));
        Path out = dir.resolve(name + ".out");
        Path err = dir.resolve(name + ".err");
        Process p = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        started.add(new Started(name, p, out, err));
    }

    /** Waits for every JVM started so far, at most {@code seconds} in all; a JVM still running fails the test. */
    public Map<String, Result> await(int seconds) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        Map<String, Result> results = new LinkedHashMap<>();
        for (Started s : started) {
            long left = deadline - System.nanoTime();
            if (!s.process.waitFor(Math.max(0, left), TimeUnit.NANOSECONDS)) {
                close();
                StringBuilder all = new StringBuilder();
                for (Started t : started) {
                    all.append(read(t)).append('\n');
                }
                throw new AssertionError(s.name + " did not end within " + seconds + " s\n" + all);
            }
            results.put(s.name, read(s));
        }
        return results;
    }

    private static Result read(Started s) throws IOException {
        return new Result(s.name, s.process.isAlive() ? -1 : s.process.exitValue(),
                Files.readString(s.out, StandardCharsets.UTF_8), Files.readString(s.err, StandardCharsets.UTF_8));
    }

    /** Kills what is still running. */
    @Override
    public void close() {
        for (Started s : started) {
            s.process.descendants().forEach(ProcessHandle::destroyForcibly);
            s.process.destroyForcibly();
        }
    }

    /** The test's class path as a list, for messages. */
    public static String classPath() {
        return String.join(File.pathSeparator, System.getProperty("java.class.path"));
    }
}
