package satin.cli.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;

/**
 * Inlets, abort and shared objects across JVMs: node processes in two clusters, over tcp or udp ({@link Transports}).
 * An inlet's exception thrown by a stolen job travels back as an object; abort() of a job another node runs reaches
 * that node; writes to a shared object from every node end in identical replicas, and guards wait for them.
 */
@Timeout(180)
class MultiNodeModelTest {

    @TempDir
    Path dir;

    @ParameterizedTest
    @Transports(usual = "udp")
    void abortStopsAHopelessSearchRunningOnTheOtherNode(String transport) throws Exception {
        Path stats = dir.resolve("speculate.json");
        Path marker = dir.resolve("started");
        MultiNodeRuns.Outcome o = MultiNodeRuns.run("--nodes", "2", "--clusters", "2", "--workers", "1",
                "--transport", transport, "--stats-json", stats.toString(), "satin.samples.speculate.Speculate",
                marker.toString(), "2");
        assertEquals(0, o.exit(), o.describe());
        assertEquals("answer 42\n", o.programOut(), o.describe());
        JsonNode json = MultiNodeRuns.json(stats);
        // The hopeless searches never end by themselves. The master's single worker runs the promising search, which
        // answers only once a hopeless search has started, so one runs on the other node: that node cancelled a
        // job only because the ABORT message reached it; the master dropped the other, still queued.
        double wasted = 0;
        for (JsonNode node : json.get("nodes")) {
            assertTrue(node.get("jobsAborted").asLong() >= 1, json.toPrettyString());
            wasted += node.get("wastedMs").asDouble();
        }
        // the hopeless search that ran on the other node until the ABORT reached it is wasted work
        assertTrue(wasted > 0, json.toPrettyString());
        assertEquals(wasted, json.get("total").get("wastedMs").asDouble(), 1e-6, json.toPrettyString());
        assertFalse(o.err().contains("still runs a job"), o.describe());
    }

    @Test
    void anExceptionFromAThiefsThiefReachesTheInletsOfTheThiefAndOfTheMaster() {
        // 3 JVMs over tcp: the master's relay job is stolen by one node, the leaf it spawns by the third; the leaf's
        // Boom (class name and message on the wire) is caught by the relay's inlet on the thief, whose Relayed (an
        // Inlet: an object on the wire) is caught by the master's inlet. Who runs what is forced by events (see Relay).
        MultiNodeRuns.Outcome o = MultiNodeRuns.run("--nodes", "3", "--clusters", "2", "--workers", "1",
                "--transport", "tcp", "satin.apps.abortprobe.Relay", "3");
        assertEquals(0, o.exit(), o.describe());
        assertEquals(3, o.programOut().lines().filter(l -> l.matches("round \\d: leaf on \\d+ threw to the inlet of "
                + "the relay on \\d+, whose exception reached the inlet on the master \\d+")).count(), o.describe());
        assertTrue(o.programOut().contains("self-check passed: 3 rounds"), o.describe());
    }

    @ParameterizedTest
    @Transports(usual = "tcp")
    void votingWithInletsAndAbortGivesTheSequentialMajority(String transport) {
        MultiNodeRuns.Outcome o = MultiNodeRuns.run("--nodes", "2", "--clusters", "2", "--workers", "1",
                "--transport", transport, "vote", "400000", "0", "2000");
        assertEquals(0, o.exit(), o.describe());
        assertTrue(o.programOut().contains("self-check passed"), o.describe());
    }

    @ParameterizedTest
    @Transports(usual = "udp")
    void speculativeQueensFindsAValidPlacement(String transport) {
        MultiNodeRuns.Outcome o = MultiNodeRuns.run("--nodes", "2", "--clusters", "2", "--workers", "1",
                "--transport", transport, "queensfirst", "18", "3");
        assertEquals(0, o.exit(), o.describe());
        assertTrue(o.programOut().contains("self-check passed"), o.describe());
    }

    @ParameterizedTest
    @Transports(usual = "tcp")
    void writesFromEveryNodeEndInIdenticalReplicas(String transport) {
        // Every write leaf waits until leaves on 3 JVMs have written, and every check leaf until checks run on 3 JVMs
        // (events, not time): so each node writes, and each node's replica is compared with the master's. A check
        // starts only once its guard sees all 48 writes on its node's replica.
        MultiNodeRuns.Outcome o = MultiNodeRuns.run("--nodes", "3", "--clusters", "2", "--workers", "1",
                "--transport", transport, "satin.samples.replicas.Replicas", "3", "48");
        assertEquals(0, o.exit(), o.describe());
        assertTrue(o.programOut().contains("written 48 values from 3 JVMs; checked on 3 JVMs; ledger 48 1128 "),
                o.describe());
        assertTrue(o.programOut().endsWith("replicas identical\n"), o.describe());
    }

    @ParameterizedTest
    @Transports(usual = "udp")
    void tspWithASharedBoundExpandsFewerNodesThanWithTheBoundAsParameter(String transport) {
        // The same instance on 2 JVMs, the bound shared (a write on every improvement) and passed as a parameter. A
        // bound at least as tight at every node expanded prunes a subset, so "on" never expands more; the nearest-
        // neighbour tour of this instance is not optimal, so the improvements the first jobs write prune later ones.
        long on = expanded(MultiNodeRuns.run("--nodes", "2", "--clusters", "2", "--workers", "1",
                "--transport", transport, "tspshared", "13", "5", "3", "on"));
        long off = expanded(MultiNodeRuns.run("--nodes", "2", "--clusters", "2", "--workers", "1",
                "--transport", transport, "tspshared", "13", "5", "3", "off"));
        assertTrue(on < off, "expanded with the bound shared: " + on + ", as a parameter: " + off);
    }

    @ParameterizedTest
    @Transports(usual = "tcp")
    void gameTreeSearchWithAbortOfRefutedSiblingsGivesTheSequentialValue(String transport) throws Exception {
        Path stats = dir.resolve("gametree.json");
        MultiNodeRuns.Outcome o = MultiNodeRuns.run("--nodes", "2", "--clusters", "2", "--workers", "1",
                "--transport", transport, "--stats-json", stats.toString(), "gametree", "8", "3", "7", "6", "44");
        assertEquals(0, o.exit(), o.describe());
        assertTrue(o.programOut().contains("self-check passed: equals the sequential alpha-beta value"), o.describe());
        assertFalse(o.err().contains("still runs a job"), o.describe());
    }

    @ParameterizedTest
    // tcp in the default build: over udp, with node JVMs started from jars (as users start them), 2 of 8 runs in a
    // test JVM had the thief get no job in about 40 attempts (stop note of 2026-12-03); not yet explained
    @Transports(usual = "tcp")
    void kMeansWithTheDataInASharedObjectGivesTheSequentialClustering(String transport) throws Exception {
        // 12 rounds of 240 jobs of about 0.1 ms each: the second node steals, runs them on its replica once the guard
        // sees the job's round there, and the result must still be bit for bit the sequential one. (With half as many
        // points, a thief over udp once stole nothing: the run was over before its first wide-area steal came back.)
        Path stats = dir.resolve("kmeans.json");
        MultiNodeRuns.Outcome o = MultiNodeRuns.run("--nodes", "2", "--clusters", "2", "--workers", "1",
                "--transport", transport, "--stats-json", stats.toString(), "kmeans", "240000", "8", "8", "3", "1000",
                "12");
        assertEquals(0, o.exit(), o.describe());
        assertTrue(o.programOut().contains("self-check passed: bit for bit the sequential centroids"), o.describe());
        long stolenAcross = 0;
        long objects = 0;
        long writes = 0;
        long mostApplied = 0;
        JsonNode json = MultiNodeRuns.json(stats);
        for (JsonNode node : json.get("nodes")) {
            stolenAcross += node.get("interClusterSteals").asLong();
            objects += node.get("sharedObjects").asLong();
            writes += node.get("sharedWrites").asLong();
            mostApplied = Math.max(mostApplied, node.get("sharedApplied").asLong());
        }
        assertTrue(stolenAcross > 0, "jobs ran on the other node's replica: " + o.describe() + json.toPrettyString());
        // one Dataset; this instance needs more than 12 rounds, so the master wrote new centroids after each of the 12
        assertTrue(o.programOut().contains("after 12 rounds"), o.describe());
        assertEquals(1, objects, json.toPrettyString());
        assertEquals(12, writes, json.toPrettyString());
        assertEquals(writes, mostApplied, json.toPrettyString());
    }

    @ParameterizedTest
    @Transports(usual = "udp")
    void abortRacesWithStealsResultsInletsAndNestedAbortsKeepTheirGuarantees(String transport) {
        // Each round waits for events (a shared tally), never for time; the moment of the abort is swept over the race
        // window by a busy loop, and every round checks what must hold in any interleaving (see Races).
        MultiNodeRuns.Outcome o = MultiNodeRuns.run("--nodes", "2", "--clusters", "2", "--workers", "1",
                "--transport", transport, "satin.apps.abortprobe.Races", "23");
        assertEquals(0, o.exit(), o.describe());
        assertTrue(o.programOut().startsWith("23 rounds of each race passed"), o.describe());
    }

    @ParameterizedTest
    @Transports(usual = "udp")
    void aStolenJobHoldingSharedObjectsInsideAnArgumentUsesTheThiefsReplica(String transport) throws Exception {
        // The ledger sits in a record argument, not passed directly. Leaves wait until leaves on both JVMs wrote
        // (events): so the other node runs some. The program checks that each JVM's jobs saw one ledger object, the
        // master's the original, that every write reached the master's ledger, and that both replicas are equal.
        Path stats = dir.resolve("nested.json");
        MultiNodeRuns.Outcome o = MultiNodeRuns.run("--nodes", "2", "--clusters", "2", "--workers", "1",
                "--transport", transport, "--stats-json", stats.toString(), "satin.samples.replicas.Nested", "2", "32");
        assertEquals(0, o.exit(), o.describe());
        assertTrue(o.programOut().contains("recorded 32 of 32 values, written on 2 JVMs; checked on 2 JVMs\n"),
                o.describe());
        assertTrue(o.programOut().endsWith("one ledger per JVM; replicas identical\n"), o.describe());
        long exported = 0;
        for (JsonNode node : MultiNodeRuns.json(stats).get("nodes")) {
            exported += node.get("jobsExported").asLong();
        }
        assertTrue(exported > 0, o.describe());
    }

    private static long expanded(MultiNodeRuns.Outcome o) {
        assertEquals(0, o.exit(), o.describe());
        assertTrue(o.programOut().contains("self-check passed"), o.describe());
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("expanded (\\d+) nodes \\(shared")
                .matcher(o.programOut());
        assertTrue(m.find(), o.describe());
        return Long.parseLong(m.group(1));
    }
}
