package satin.cli.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code satin run --trace FILE}: the timeline is valid JSON in the Chrome trace-event format and holds exactly the
 * jobs and steals the run's statistics count, for a run of three node JVMs (merged from their files) and for one JVM.
 */
@Timeout(180)
class TimelineTraceTest {
    @TempDir
    Path dir;

    /** The counts a timeline shows, by the rules of satin.runtime.timeline. */
    record Counts(long jobs, long remoteAttempts, long remoteSteals, long localSteals, long localAttempts,
            long messagesSent, Set<Integer> pids) {
        static Counts of(JsonNode trace) {
            long jobs = 0;
            long begins = 0;
            long gotJob = 0;
            long localSteals = 0;
            long localAttempts = 0;
            long sent = 0;
            Set<Integer> pids = new HashSet<>();
            for (JsonNode e : trace.get("traceEvents")) {
                String ph = e.get("ph").asText();
                String name = e.get("name").asText();
                pids.add(e.get("pid").asInt());
                if (!ph.equals("M")) {
                    assertTrue(e.get("ts").isNumber(), "every event has a timestamp: " + e);
                }
                switch (ph) {
                    case "X" -> {
                        assertTrue(e.get("dur").asDouble() >= 0, e.toString());
                        if (name.equals("job")) {
                            jobs++;
                        } else {
                            localAttempts += e.get("args").get("failedLocalSteals").asLong();
                        }
                    }
                    case "b" -> begins++;
                    case "e" -> gotJob += e.get("args").get("outcome").asText().equals("job") ? 1 : 0;
                    case "i" -> {
                        if (name.equals("local steal")) {
                            localSteals += e.get("args").get("jobs").asLong(); // a batch steal takes several
                            localAttempts += 1 + e.get("args").get("failedBefore").asLong();
                        } else if (name.equals("failed local steals")) {
                            localAttempts += e.get("args").get("failedLocalSteals").asLong();
                        } else if (e.get("args").has("to")) {
                            sent++;
                        }
                    }
                    default -> {
                    }
                }
            }
            return new Counts(jobs, begins, gotJob, localSteals, localAttempts, sent, pids);
        }
    }

    @Test
    void aThreeNodeTimelineHoldsExactlyTheJobsAndStealsOfTheStatistics() throws Exception {
        Path trace = dir.resolve("run.trace.json");
        Path stats = dir.resolve("stats.json");
        MultiNodeRuns.Outcome o = MultiNodeRuns.run("--nodes", "3", "--clusters", "2", "--workers", "2",
                "--algorithm", "CRS", "--stats-json", stats.toString(), "--trace", trace.toString(),
                "satin.runtime.testapps.FibMain", "27");
        assertEquals(0, o.exit(), o.describe());
        assertTrue(o.err().contains("timeline of 3 nodes written to"), o.describe());
        try (var parts = Files.list(dir)) {
            assertEquals(0, parts.filter(p -> p.toString().endsWith(".part")).count(), "the nodes' files are merged away");
        }
        JsonNode json = MultiNodeRuns.json(trace); // valid JSON, or this throws
        Counts c = Counts.of(json);
        JsonNode total = MultiNodeRuns.json(stats).get("total");
        assertEquals(total.get("jobsExecuted").asLong(), c.jobs(), "a span per job executed");
        assertEquals(total.get("intraClusterStealAttempts").asLong() + total.get("interClusterStealAttempts").asLong(),
                c.remoteAttempts(), "a steal span per request to another node");
        assertEquals(total.get("intraClusterSteals").asLong() + total.get("interClusterSteals").asLong(),
                c.remoteSteals(), "ending in a job exactly as often as the statistics say");
        assertEquals(total.get("localSteals").asLong(), c.localSteals(), "local steals");
        assertEquals(total.get("localStealAttempts").asLong(), c.localAttempts(), "local steal attempts");
        assertTrue(c.remoteAttempts() > 0 && c.messagesSent() > 0, "work moved between nodes: " + c);
        assertEquals(Set.of(0, 1, 2), c.pids(), "one process per node");
        assertEquals(3, json.get("otherData").get("nodes").asInt());
    }

    @Test
    void aOneJvmTimelineHoldsExactlyItsJobs() throws Exception {
        Path trace = dir.resolve("one.json");
        java.io.StringWriter out = new java.io.StringWriter();
        java.io.StringWriter err = new java.io.StringWriter();
        int exit = new picocli.CommandLine(new RunCommand()).setOut(new java.io.PrintWriter(out, true))
                .setErr(new java.io.PrintWriter(err, true))
                .execute("--workers", "2", "--inline-threshold", "1000000", "--trace", trace.toString(), "fib", "15");
        assertEquals(0, exit, err.toString());
        Counts c = Counts.of(MultiNodeRuns.json(trace));
        // fib(15) with every spawn queued: each of its 2 x fib(16) - 1 = 1973 calls is a job, plus main's root job.
        assertEquals(1973 + 1, c.jobs(), c.toString());
        assertEquals(0, c.remoteAttempts());
    }
}
