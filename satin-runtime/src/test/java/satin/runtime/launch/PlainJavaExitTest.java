package satin.runtime.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import satin.ipl.registry.RegistryServer;
import satin.ipl.security.PoolSecurity;
import satin.runtime.testapps.BootstrappedExitMain;

/**
 * {@code System.exit(n)} in {@code main} of a program started with plain {@code java} as a pool member (no
 * {@code satin run}): the run ends for every node with the answer printed once, the master's JVM with status n, the
 * other's with 0. Before, only {@code satin run} installed {@link ProgramExit}: the other node took the master's exit
 * for a crash, ran {@code main} again (the answer printed twice) and exited with n too.
 */
@Timeout(120)
class PlainJavaExitTest {

    @TempDir
    Path dir;

    @Test
    void systemExitInMainOfAPlainJavaPoolMemberEndsTheRunOnce() throws Exception {
        try (RegistryServer registry = new RegistryServer("127.0.0.1", 0).security(PoolSecurity.insecure()).start()) {
            String pool = "plain-exit-" + System.nanoTime();
            List<Process> nodes = new ArrayList<>();
            for (int i = 0; i < 2; i++) {
                List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                        .toString(), "-cp", System.getProperty("java.class.path"), "-Dsatin.registry="
                        + registry.address(), "-Dsatin.nodes=2", "-Dsatin.node=n" + i, "-Dsatin.cluster=c" + i,
                        "-Dsatin.workers=1", "-Dsatin.pool=" + pool, "-Dsatin.insecure=true",
                        BootstrappedExitMain.class.getName(), "3", "64", "20"));
                nodes.add(new ProcessBuilder(command).redirectOutput(dir.resolve("n" + i + ".out").toFile())
                        .redirectError(dir.resolve("n" + i + ".err").toFile()).start());
            }
            for (Process p : nodes) {
                assertTrue(p.waitFor(90, TimeUnit.SECONDS), "a node did not end");
            }
            String out = read("n0.out") + read("n1.out");
            String all = "n0: " + read("n0.out") + read("n0.err") + "\nn1: " + read("n1.out") + read("n1.err");
            assertEquals(3, nodes.get(0).exitValue(), all);
            assertEquals(0, nodes.get(1).exitValue(), all);
            assertEquals(1, out.lines().filter(l -> l.startsWith("slow tree 64 = ")).count(), all);
            assertFalse(read("n1.err").contains("runs main again"), all);
        }
    }

    private String read(String name) throws java.io.IOException {
        return Files.readString(dir.resolve(name), StandardCharsets.UTF_8);
    }
}
