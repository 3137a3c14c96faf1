package satin.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs the packaged {@code satin.jar} as users do, {@code java -jar satin.jar ARGS}, in a fresh JVM. */
final class PackagedJar {

    private static final Path JAR = Path.of(System.getProperty("satin.jar", "target/satin.jar"));

    /** Exit status and the merged standard output and error of one run. */
    record Result(int exit, String output) {
    }

    private PackagedJar() {
    }

    static Result run(List<String> args) throws IOException, InterruptedException {
        assertTrue(Files.isRegularFile(JAR), "no packaged jar at " + JAR.toAbsolutePath());
        return java(List.of("-jar", JAR.toString()), args);
    }

    /** The packaged jar, for tests that need a copy of their own. */
    static Path jar() {
        assertTrue(Files.isRegularFile(JAR), "no packaged jar at " + JAR.toAbsolutePath());
        return JAR;
    }

    /** A fresh JVM of this JDK: {@code java JVM-ARGS ARGS}. */
    static Result java(List<String> jvmArgs, List<String> args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmArgs);
        command.addAll(args);
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        process.getOutputStream().close();
        byte[] out = process.getInputStream().readAllBytes();
        if (!process.waitFor(3, TimeUnit.MINUTES)) {
            process.destroyForcibly();
            throw new AssertionError("satin " + String.join(" ", args) + " did not finish");
        }
        return new Result(process.exitValue(), new String(out, StandardCharsets.UTF_8));
    }
}
