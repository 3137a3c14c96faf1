package satin.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import satin.cli.PackagedJar.Result;

/**
 * Runs the packaged {@code satin.jar} the way users do ({@code java -jar satin.jar ...}) in fresh JVMs: the
 * shading must keep every command, the merged service files and the merged application catalogue.
 */
class SatinJarIT {

    @Test
    void helpListsEveryCommand() throws Exception {
        Result r = satin("--help");
        assertEquals(0, r.exit(), r.output());
        for (String command : List.of("compile", "run", "server", "simulate", "bench")) {
            assertTrue(r.output().contains("  " + command + " "), "missing command " + command + ":\n" + r.output());
        }
        Result bench = satin("bench", "--help");
        for (String benchmark : List.of("spawn", "nodes", "ipl", "apps")) {
            assertTrue(bench.output().contains("  " + benchmark + " "), "missing benchmark " + benchmark + ":\n" + bench.output());
        }
    }

    @Test
    void runsTheBundledFibOnTwoWorkersWithStatistics() throws Exception {
        Result r = satin("run", "--workers", "2", "--stats=full", "fib", "27");
        assertEquals(0, r.exit(), r.output());
        assertTrue(r.output().contains("fib(27) = 196418"), r.output());
        assertTrue(r.output().contains("self-check passed"), r.output());
        assertTrue(r.output().contains("satin statistics (2 workers"), r.output());
        assertTrue(r.output().lines().anyMatch(line -> line.startsWith("total")), r.output());
    }

    /**
     * Fig. 2.1 as printed (rewritten by the plugin) on 2 workers: the statistics show jobs executed on both.
     * Whether the second worker wakes in time is up to the OS scheduler, so one of three runs must show it.
     */
    @Test
    void figure21RunsJobsOnBothWorkers() throws Exception {
        String last = "";
        for (int attempt = 0; attempt < 3; attempt++) {
            Result r = satin("run", "--workers", "2", "--stats=full", "satin.apps.fib.PaperFib", "32");
            assertEquals(0, r.exit(), r.output());
            assertTrue(r.output().contains("Fib 32 = 2178309"), r.output());
            long workersWithJobs = r.output().lines()
                    .filter(line -> line.startsWith("0 ") || line.startsWith("1 "))
                    .filter(line -> Long.parseLong(line.trim().split("\\s+")[3]) > 0)
                    .count();
            if (workersWithJobs == 2) {
                return;
            }
            last = r.output();
        }
        throw new AssertionError("no run executed jobs on both workers; last output:\n" + last);
    }

    @Test
    void aRecordedTraceOfFibIsReplayedByTheSimulator(@TempDir Path dir) throws Exception {
        Path trace = dir.resolve("fib15.trace");
        Result run = satin("run", "--workers", "2", "--record-trace", trace.toString(), "fib", "15");
        assertEquals(0, run.exit(), run.output());
        assertTrue(run.output().contains("fib(15) = 610"), run.output());
        Matcher written = Pattern.compile("trace of (\\d+) jobs written to ").matcher(run.output());
        assertTrue(written.find(), run.output());
        long jobs = Long.parseLong(written.group(1));
        assertTrue(jobs > 1, "fib 15 spawns: " + run.output());

        Result sim = satin("simulate", "run", "--quiet", "--trace", trace.toString(), "--nodes", "4", "--clusters", "2");
        assertEquals(0, sim.exit(), sim.output());
        for (String policy : List.of("RS", "CRS")) {
            String row = sim.output().lines().filter(l -> l.startsWith(policy + " ")).findFirst()
                    .orElseThrow(() -> new AssertionError("no " + policy + " row:\n" + sim.output()));
            assertEquals(String.valueOf(jobs), row.trim().split("\\s+")[3], "jobs column replays every traced job: " + row);
        }
    }

    @Test
    void unknownApplicationIsAClearErrorListingTheBundledOnes() throws Exception {
        Result r = satin("run", "no-such-app");
        assertEquals(2, r.exit(), r.output());
        assertTrue(r.output().contains("no-such-app"), r.output());
        for (String app : List.of("fib", "integrate", "nqueens", "tsp", "raytracer", "knapsack", "matmul",
                "barneshut", "mergesort")) {
            assertTrue(r.output().contains(app), "known app " + app + " not listed:\n" + r.output());
        }
    }

    @Test
    void unknownCommandIsAnError() throws Exception {
        Result r = satin("frobnicate");
        assertEquals(2, r.exit(), r.output());
        assertTrue(r.output().contains("frobnicate"), r.output());
    }

    private static Result satin(String... args) throws Exception {
        return PackagedJar.run(List.of(args));
    }
}
