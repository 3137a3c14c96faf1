package satin.rewriter.testing;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/** Runs a class in a fresh JVM (bytecode verification is on by default for application classes). */
public final class JavaProcess {

    /** Exit code and output of a finished JVM. */
    public record Result(int exitCode, String out, String err) {
        @Override
        public String toString() {
            return "exit " + exitCode + "\n--- stdout\n" + out + "--- stderr\n" + err;
        }
    }

    private JavaProcess() {
    }

    public static Result run(List<Path> classPath, List<String> jvmArgs, String mainClass, String... args)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-Xshare:auto");
        command.add("-XX:TieredStopAtLevel=1");
        command.addAll(jvmArgs);
        command.add("-cp");
        command.add(classPath.stream().map(Path::toString).collect(Collectors.joining(File.pathSeparator)));
        command.add(mainClass);
        command.addAll(List.of(args));
        return exec(command, Path.of(".").toAbsolutePath(), 120);
    }

    /** Runs any command, with output captured in files (no pipe can fill up). */
    public static Result exec(List<String> command, Path workDir, int timeoutSeconds)
            throws IOException, InterruptedException {
        Path out = Files.createTempFile("satin-out", ".txt");
        Path err = Files.createTempFile("satin-err", ".txt");
        try {
            Process p = new ProcessBuilder(command).directory(workDir.toFile())
                    .redirectOutput(out.toFile()).redirectError(err.toFile()).start();
            if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                p.destroyForcibly().waitFor();
                throw new AssertionError("timed out after " + timeoutSeconds + " s: " + command + "\n"
                        + Files.readString(out, StandardCharsets.UTF_8) + Files.readString(err, StandardCharsets.UTF_8));
            }
            return new Result(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                    Files.readString(err, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }
}
