package satin.ipl.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import satin.ipl.registry.RegistryServer;

/**
 * Four real JVM processes form a closed pool through a registry server, elect a master, exchange objects,
 * and report each other's death: one process is frozen (SIGSTOP: its connections stay open but it falls
 * silent, so only the heartbeat timeout can reveal it) and one is killed.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class MultiProcessConformanceTest {
    private static final long HEARTBEAT_TIMEOUT_MS = 5000;

    static List<String> implementations() {
        return ConformanceImplementations.NETWORKED;
    }

    /** A child JVM with its stdout lines in a queue. */
    static final class Member implements AutoCloseable {
        final Process process;
        final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
        String id;

        Member(String registry, String impl, String pool, String location, java.nio.file.Path secret)
                throws IOException {
            String java = System.getProperty("java.home") + File.separator + "bin" + File.separator + "java";
            process = new ProcessBuilder(java, "-Xmx96m", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC",
                    "-cp", System.getProperty("java.class.path"), PoolMemberMain.class.getName(),
                    registry, impl, pool, "4", Long.toString(HEARTBEAT_TIMEOUT_MS), location,
                    secret.toString())
                    .redirectErrorStream(true).start();
            Thread reader = new Thread(() -> {
                try (BufferedReader r = new BufferedReader(new InputStreamReader(process.getInputStream(),
                        StandardCharsets.UTF_8))) {
                    String line;
                    while ((line = r.readLine()) != null) {
                        lines.add(line);
                    }
                } catch (IOException e) {
                    lines.add("READ-ERROR " + e);
                }
            });
            reader.setDaemon(true);
            reader.start();
        }

        /** The next line starting with {@code prefix}; fails the test if none comes in time. */
        String await(String prefix, long timeoutMillis) throws InterruptedException {
            long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
            List<String> skipped = new ArrayList<>();
            while (true) {
                long left = deadline - System.nanoTime();
                String line = left <= 0 ? null : lines.poll(left, TimeUnit.NANOSECONDS);
                assertNotNull(line, "no line '" + prefix + "' from member " + id + "; saw " + skipped);
                if (line.startsWith(prefix)) {
                    return line;
                }
                assertTrue(!line.startsWith("FAIL"), line);
                skipped.add(line);
            }
        }

        void send(String line) throws IOException {
            OutputStream o = process.getOutputStream();
            o.write((line + "\n").getBytes(StandardCharsets.UTF_8));
            o.flush();
        }

        @Override
        public void close() {
            process.destroyForcibly();
        }
    }

    @ParameterizedTest
    @MethodSource("implementations")
    void fourProcessesJoinElectExchangeAndDetectDeath(String impl) throws Exception {
        java.nio.file.Path secret = satin.ipl.security.TestSecrets.newFile();
        try (RegistryServer server = new RegistryServer("127.0.0.1", 0).security(satin.ipl.security.TestSecrets
                .security(secret, satin.ipl.security.EncryptionPolicy.ALL)).start()) {
            List<Member> members = new ArrayList<>();
            try {
                for (int i = 0; i < 4; i++) {
                    members.add(new Member(server.address(), impl, "mp-" + impl, "n" + i + "@c" + (i % 2) + "@site", secret));
                }
                Set<String> ids = new HashSet<>();
                for (Member m : members) {
                    m.id = m.await("SELF", 60_000).substring(5);
                    ids.add(m.id);
                }
                assertEquals(4, ids.size());
                String master = null;
                for (Member m : members) {
                    m.await("CLOSED", 30_000);
                    String said = m.await("MASTER", 30_000).substring(7);
                    master = master == null ? said : master;
                    assertEquals(master, said, "one winner for everybody");
                }
                Member boss = null;
                List<Member> others = new ArrayList<>();
                for (Member m : members) {
                    if (m.id.equals(master)) {
                        boss = m;
                    } else {
                        others.add(m);
                    }
                }
                assertNotNull(boss);
                assertEquals("GOT 4", boss.await("GOT", 30_000));

                Member frozen = others.get(0);
                Member killed = others.get(1);
                new ProcessBuilder("kill", "-STOP", Long.toString(frozen.process.pid())).start().waitFor();
                long stoppedAt = System.nanoTime();
                for (Member m : List.of(boss, others.get(1), others.get(2))) {
                    m.await("EVENT DIED " + frozen.id, HEARTBEAT_TIMEOUT_MS + 15_000);
                }
                long detectedMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - stoppedAt);
                assertTrue(detectedMillis >= HEARTBEAT_TIMEOUT_MS / 2,
                        "a frozen member is found by its silence, not earlier (" + detectedMillis + " ms)");
                killed.process.destroyForcibly().waitFor();
                for (Member m : List.of(boss, others.get(2))) {
                    m.await("EVENT DIED " + killed.id, HEARTBEAT_TIMEOUT_MS + 15_000);
                }
                others.get(2).send("quit");
                others.get(2).await("BYE", 20_000);
                boss.await("EVENT LEFT " + others.get(2).id, 20_000);
                boss.send("quit");
                boss.await("BYE", 20_000);
                assertEquals(0, boss.process.waitFor());
            } finally {
                for (Member m : members) {
                    m.close();
                }
            }
        }
    }
}
