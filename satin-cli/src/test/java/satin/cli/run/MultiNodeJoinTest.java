package satin.cli.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import satin.ipl.registry.RegistryServer;
import satin.ipl.security.PoolSecurity;

/**
 * Nodes joining a running pool (separate node JVMs; the join is driven by the run's progress: the master announces
 * that it has run K jobs, and the joiner is started on that line). The program checks its own result against the
 * sequential one; the joiner must have run jobs (it stole work) and the statistics must name it.
 */
@Timeout(240)
class MultiNodeJoinTest {

    private static final String TREE = "satin.runtime.testapps.SlowTreeMain";

    @TempDir
    Path dir;

    private static JsonNode nodeNamed(JsonNode json, String name) {
        for (JsonNode n : json.get("nodes")) {
            if (n.get("node").asText().equals(name)) {
                return n;
            }
        }
        throw new AssertionError("no statistics of " + name + ": " + json.toPrettyString());
    }

    @Test
    void aNodeAddedAfterTheMasterRanKJobsStealsWorkAndTheAnswerIsRight() throws Exception {
        Path stats = dir.resolve("added.json");
        MultiNodeRuns.Outcome o = MultiNodeRuns.run("--nodes", "2", "--clusters", "2", "--workers", "1",
                "--add-node-after", "10j", "--stats", "--stats-json", stats.toString(), TREE, "768", "10");
        assertEquals(0, o.exit(), o.describe());
        assertTrue(o.programOut().matches("(?s)slow tree 768 = \\d+ over 768 leaves \\(checked\\)\n.*"), o.describe());
        assertTrue(o.err().contains("satin run: node2 started; it joins the running pool"), o.describe());
        assertTrue(o.programOut().contains("nodes joined: 1 (node2@cluster0)"), o.describe());
        JsonNode json = MultiNodeRuns.json(stats);
        assertEquals("node2@cluster0", json.get("faults").get("joined").get(0).asText(), json.toPrettyString());
        assertEquals(3, json.get("nodes").size(), json.toPrettyString());
        assertTrue(nodeNamed(json, "node2").get("jobsExecuted").asLong() > 0, json.toPrettyString());
        assertEquals(0, json.get("faults").get("lost").size(), json.toPrettyString());
    }

    @Test
    void aNodeAddedDuringARunWithSharedObjectsGetsTheReplicasAndEveryLaterWrite() throws Exception {
        // Two nodes write 48 values into a shared ledger; the master's 20th job adds a third node. The checks wait
        // (events) until checks ran on 3 JVMs, so the joiner runs some: only possible once the master's snapshot made
        // it a replica holder, and its ledger (count, sum, order-sensitive digest) must equal the master's. The
        // checkers' roll is created and written after the joiner's snapshot or in it: the joiner applies the updates
        // after its snapshot in strict sequence (a gap or a repeat fails the run).
        Path stats = dir.resolve("shared-join.json");
        MultiNodeRuns.Outcome o = MultiNodeRuns.run("--nodes", "2", "--clusters", "2", "--workers", "1",
                "--add-node-after", "20j", "--stats-json", stats.toString(), "satin.samples.replicas.Replicas", "2",
                "48", "3");
        assertEquals(0, o.exit(), o.describe());
        assertTrue(o.programOut().contains("written 48 values from 2 JVMs; checked on 3 JVMs; ledger 48 1128 "),
                o.describe());
        assertTrue(o.programOut().endsWith("replicas identical\n"), o.describe());
        JsonNode json = MultiNodeRuns.json(stats);
        assertEquals(3, json.get("nodes").size(), json.toPrettyString());
        assertTrue(nodeNamed(json, "node2").get("jobsExecuted").asLong() > 0, json.toPrettyString());
        assertTrue(nodeNamed(json, "node2").get("sharedApplied").asLong() > 0, json.toPrettyString());
    }

    @Test
    void aNodeStartedByHandJoinsARunningPoolThroughItsRegistry() throws Exception {
        try (RegistryServer server = new RegistryServer("127.0.0.1", 0).security(PoolSecurity.insecure()).start()) {
            String registry = server.address();
            Path stats = dir.resolve("join.json");
            List<String> common = List.of("--registry", registry, "--pool", "by-hand", "--insecure", "--workers", "1",
                    "--timeout", "60");
            List<String> master = new ArrayList<>(common);
            master.addAll(List.of("--nodes", "2", "--cluster", "vu", "--node-name", "n0", "--stats-json",
                    stats.toString(), "--announce-jobs", "10", TREE, "768", "10"));
            List<String> other = new ArrayList<>(common);
            other.addAll(List.of("--nodes", "2", "--cluster", "vu", "--node-name", "n1", TREE, "768", "10"));
            List<String> late = new ArrayList<>(common);
            late.addAll(List.of("--join", "--cluster", "uva", "--node-name", "late", TREE, "768", "10"));
            CompletableFuture<Void> announced = new CompletableFuture<>();
            List<Node> started = new ArrayList<>();
            try {
                Node n0 = Node.start(dir, "n0", master, line -> {
                    if (line.contains("has run 10 jobs: a node joins")) {
                        announced.complete(null);
                    }
                });
                started.add(n0);
                started.add(Node.start(dir, "n1", other, line -> { }));
                announced.get(120, TimeUnit.SECONDS); // the event: the master has run 10 jobs
                started.add(Node.start(dir, "late", late, line -> { }));
                for (Node n : started) {
                    assertTrue(n.process.waitFor(120, TimeUnit.SECONDS), n.describe());
                    assertEquals(0, n.process.exitValue(), n.describe());
                }
            } finally {
                started.forEach(n -> n.process.destroyForcibly());
            }
            Node n0 = started.get(0);
            assertTrue(Files.readString(n0.out).matches("slow tree 768 = \\d+ over 768 leaves \\(checked\\)\n"),
                    n0.describe());
            JsonNode json = MultiNodeRuns.json(stats);
            assertEquals("late@uva", json.get("faults").get("joined").get(0).asText(), json.toPrettyString());
            assertTrue(nodeNamed(json, "late").get("jobsExecuted").asLong() > 0, json.toPrettyString());
            // it stole across clusters: the only other cluster is the initial nodes'
            assertTrue(nodeNamed(json, "late").get("interClusterSteals").asLong() > 0, json.toPrettyString());
        }
    }

    @Test
    void joiningNeedsARegistryAndFaultTolerance() {
        MultiNodeRuns.Outcome noRegistry = MultiNodeRuns.run("--join", "--cluster", "c", TREE, "8");
        assertEquals(2, noRegistry.exit());
        assertTrue(noRegistry.err().contains("--join joins a running pool through its registry"), noRegistry.err());
        MultiNodeRuns.Outcome off = MultiNodeRuns.run("--nodes", "2", "--no-fault-tolerance", "--add-node-after", "5j",
                TREE, "8");
        assertEquals(2, off.exit());
        assertTrue(off.err().contains("--add-node-after with --no-fault-tolerance"), off.err());
        MultiNodeRuns.Outcome bad = MultiNodeRuns.run("--nodes", "2", "--add-node-after", "soon", TREE, "8");
        assertEquals(2, bad.exit());
        assertTrue(bad.err().contains("'soon' is neither SECONDS (e.g. 2.5) nor a job count"), bad.err());
    }

    /** A node JVM started by hand ({@code satin run --registry ...}), its output in files, its errors watched. */
    private record Node(Process process, Path out, List<String> errLines) {
        static Node start(Path dir, String name, List<String> args, java.util.function.Consumer<String> onErrLine)
                throws IOException {
            String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
            List<String> command = new ArrayList<>(List.of(java, "-XX:+UseSerialGC", "-cp",
                    System.getProperty("java.class.path"), "satin.cli.SatinCommand", "run"));
            command.addAll(args);
            Path out = dir.resolve(name + ".out");
            Process p = new ProcessBuilder(command).redirectOutput(out.toFile()).start();
            List<String> lines = Collections.synchronizedList(new ArrayList<>());
            Thread reader = new Thread(() -> {
                try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getErrorStream(),
                        StandardCharsets.UTF_8))) {
                    for (String line; (line = r.readLine()) != null; ) {
                        lines.add(line);
                        onErrLine.accept(line);
                    }
                } catch (IOException e) {
                    // the process ended
                }
            });
            reader.setDaemon(true);
            reader.start();
            return new Node(p, out, lines);
        }

        String describe() {
            String o;
            try {
                o = Files.readString(out);
            } catch (IOException e) {
                o = e.toString();
            }
            return "stdout:\n" + o + "\nstderr:\n" + String.join("\n", errLines);
        }
    }
}
