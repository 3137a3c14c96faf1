package satin.ibiscompat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import satin.ipl.registry.RegistryServer;
import satin.ipl.security.EncryptionPolicy;
import satin.ipl.security.PoolSecret;
import satin.ipl.security.PoolSecurity;

/**
 * {@code oldstyle.Queens}, a Satin program that uses Timer, TypedProperties and PoolInfo beside its spawns, started
 * with plain {@code java} as a user starts it: on one JVM, and as two nodes in two clusters at a registry. The answer
 * is the sequential one (724 for 10 queens); PoolInfo gives the pool as the registry numbered it, in {@code main}
 * and in spawned jobs, wherever they ran.
 */
@Timeout(value = 240, unit = TimeUnit.SECONDS)
class SatinBesideIbisTest {
    private static final Pattern PROBE = Pattern.compile("(\\d+)/(\\d+)@(\\w+)");

    @TempDir
    Path dir;

    private Process start(String name, Map<String, String> properties) throws Exception {
        List<String> command = new ArrayList<>(List.of(
                System.getProperty("java.home") + File.separator + "bin" + File.separator + "java",
                "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1"));
        properties.forEach((k, v) -> command.add("-D" + k + "=" + v));
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), "oldstyle.Queens"));
        return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(dir.resolve(name).toFile())
                .start();
    }

    private String finish(String name, Process p) throws Exception {
        boolean ended = p.waitFor(180, TimeUnit.SECONDS);
        String out = Files.readString(dir.resolve(name), StandardCharsets.UTF_8);
        assertTrue(ended, name + " did not end:\n" + out);
        assertEquals(0, p.exitValue(), name + " failed:\n" + out);
        return out;
    }

    @Test
    void onOneJvmThePoolIsThisProcess() throws Exception {
        String out = finish("one", start("one", Map.of("queens.size", "10", "queens.sise", "9")));
        assertTrue(out.contains("queens 10: 724 solutions\n"), out);
        assertTrue(out.contains("pool: 1 nodes, main on rank 0"), out);
        assertTrue(out.contains("Warning, unknown property: queens.sise"), out);
        assertTrue(out.contains("unknown settings: 1\n"), out);
        assertTrue(out.contains("timer: 1 measurement, positive time"), out);
        Matcher probe = PROBE.matcher(out.substring(out.indexOf("probes ran at")));
        assertTrue(probe.find() && probe.group(1).equals("0") && probe.group(2).equals("1"), out);
    }

    @Test
    void onTwoJvmsInTwoClustersThePoolIsTheRegistrysNumbering() throws Exception {
        Path secret = dir.resolve("secret");
        PoolSecret.writeNew(secret);
        try (RegistryServer registry = new RegistryServer("127.0.0.1", 0).security(PoolSecurity.of(
                PoolSecret.read(secret), EncryptionPolicy.ALL)).start()) {
            List<Process> nodes = new ArrayList<>();
            for (int i = 0; i < 2; i++) {
                Map<String, String> p = new TreeMap<>(Map.of("satin.registry", registry.address(), "satin.nodes", "2",
                        "satin.node", "n" + i, "satin.cluster", "c" + i, "satin.workers", "1",
                        "satin.pool", "queens", "satin.pool-secret-file", secret.toString(), "satin.timeout", "120",
                        "queens.size", "10", "queens.probes", "12"));
                nodes.add(start("n" + i, p));
            }
            String out = finish("n0", nodes.get(0)) + finish("n1", nodes.get(1));
            assertTrue(out.contains("queens 10: 724 solutions\n"), out);
            Matcher pool = Pattern.compile("pool: 2 nodes, main on rank ([01]), hosts \\[n0, n1\\], clusters \\[(.*)\\]")
                    .matcher(out);
            assertTrue(pool.find(), out);
            assertTrue(pool.group(2).contains("c0") && pool.group(2).contains("c1"), out);
            Matcher probe = PROBE.matcher(out.substring(out.indexOf("probes ran at")));
            int probes = 0;
            while (probe.find()) {
                probes++;
                assertEquals("2", probe.group(2), out);
                assertTrue(probe.group(3).equals("n" + probe.group(1)) || probe.group(3).matches("n[01]"), out);
            }
            assertTrue(probes >= 1, out);
        }
    }
}
