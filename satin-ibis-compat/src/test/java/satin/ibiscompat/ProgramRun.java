package satin.ibiscompat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import satin.ipl.registry.RegistryServer;
import satin.ipl.security.EncryptionPolicy;
import satin.ipl.security.PoolSecret;
import satin.ipl.security.PoolSecurity;

/**
 * Runs an IPL-API program as a user would: a registry server (the one {@code satin server} runs), then N separate
 * JVMs of the program with the documented {@code ibis.*} properties on their command line, and the pool secret as
 * every Satin command takes it ({@code satin.pool-secret-file}) or {@code satin.insecure=on}. Each JVM's output goes
 * to a file; {@link #run} waits for every JVM to end (bounded by the test's timeout) and returns their outputs.
 */
final class ProgramRun {
    private ProgramRun() {
    }

    /** What one JVM printed and how it ended. */
    record Output(int exit, String text) {
        List<String> lines() {
            return text.lines().toList();
        }
    }

    static List<Output> run(Class<?> program, int jvms, String transport, boolean secure, Path dir, String... args)
            throws Exception {
        Path secret = dir.resolve("pool.secret");
        PoolSecurity security;
        if (secure) {
            PoolSecret.writeNew(secret);
            security = PoolSecurity.of(PoolSecret.read(secret), EncryptionPolicy.ALL);
        } else {
            security = PoolSecurity.insecure();
        }
        try (RegistryServer server = new RegistryServer("127.0.0.1", 0).security(security).start()) {
            List<Process> processes = new ArrayList<>();
            List<Path> outputs = new ArrayList<>();
            try {
                for (int i = 0; i < jvms; i++) {
                    List<String> command = new ArrayList<>(List.of(
                            System.getProperty("java.home") + File.separator + "bin" + File.separator + "java",
                            "-Xmx128m", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xshare:auto",
                            "-cp", System.getProperty("java.class.path"),
                            "-Dibis.server.address=" + server.address(),
                            "-Dibis.pool.name=" + program.getSimpleName() + "-" + transport,
                            "-Dibis.pool.size=" + jvms,
                            "-Dibis.implementation=" + transport,
                            "-Dibis.location=host" + i + "@cluster" + (i % 2) + "@site",
                            secure ? "-Dsatin.pool-secret-file=" + secret : "-Dsatin.insecure=on",
                            program.getName()));
                    command.addAll(List.of(args));
                    Path out = dir.resolve(program.getSimpleName() + "-" + i + ".out");
                    outputs.add(out);
                    processes.add(new ProcessBuilder(command).redirectErrorStream(true)
                            .redirectOutput(out.toFile()).start());
                }
                List<Output> result = new ArrayList<>();
                for (int i = 0; i < jvms; i++) {
                    Process p = processes.get(i);
                    boolean ended = p.waitFor(150, TimeUnit.SECONDS);
                    String text = Files.readString(outputs.get(i), StandardCharsets.UTF_8);
                    assertTrue(ended, "JVM " + i + " of " + program.getSimpleName() + " did not end; it printed:\n"
                            + text);
                    result.add(new Output(p.exitValue(), text));
                }
                return result;
            } finally {
                for (Process p : processes) {
                    p.destroyForcibly();
                }
            }
        }
    }

    /** Every JVM ended with status 0. */
    static void allSucceeded(List<Output> outputs) {
        for (int i = 0; i < outputs.size(); i++) {
            assertEquals(0, outputs.get(i).exit(), "JVM " + i + " failed:\n" + outputs.get(i).text());
        }
    }

    /** The lines of all JVMs that start with {@code prefix}. */
    static List<String> linesStarting(List<Output> outputs, String prefix) throws IOException {
        List<String> found = new ArrayList<>();
        for (Output o : outputs) {
            for (String line : o.lines()) {
                if (line.startsWith(prefix)) {
                    found.add(line);
                }
            }
        }
        return found;
    }
}
