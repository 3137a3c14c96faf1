package satin.simulator.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.BitSet;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import satin.balance.BalancePolicies;
import satin.simulator.model.Platform;
import satin.simulator.model.RunResult;
import satin.simulator.model.Simulation;
import satin.simulator.model.SimulationConfig;
import satin.simulator.model.SimulationListener;
import satin.simulator.network.LinkSpec;
import satin.trace.SpawnTrace;
import satin.trace.TraceFormat;
import satin.trace.TraceRecorder;

public class TraceWorkloadTest {
    /** Records a random tree of {@code jobs} jobs the way a runtime would, depth first. */
    public static TraceRecorder record(int jobs, long seed) {
        TraceRecorder rec = new TraceRecorder();
        SplittableRandom random = new SplittableRandom(seed);
        int root = rec.onRoot(32);
        int[] remaining = {jobs - 1};
        spawnBelow(rec, root, random, remaining, 0);
        rec.onJobEnd(root, 1_000_000, 8);
        return rec;
    }

    private static void spawnBelow(TraceRecorder rec, int parent, SplittableRandom random, int[] remaining, int depth) {
        int children = depth > 12 ? 0 : Math.min(remaining[0], random.nextInt(4));
        if (depth < 3) {
            children = Math.min(remaining[0], 3);
        }
        remaining[0] -= children;
        for (int i = 0; i < children; i++) {
            int child = rec.onSpawn(parent, 100 + random.nextInt(1000));
            spawnBelow(rec, child, random, remaining, depth + 1);
            rec.onJobEnd(child, 1_000_000 + random.nextInt(50_000_000), random.nextInt(10_000));
        }
    }

    @Test
    void aReplayedTraceRunsEveryRecordedJobOnceWithItsRecordedTime(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("tree.trace");
        record(5_000, 11).writeTo(file);
        SpawnTrace trace = TraceFormat.read(file);
        TraceWorkload replay = new TraceWorkload("tree", trace, 0);
        Platform platform = Platform.homogeneous(2, 4, LinkSpec.of(20_000, 50e6), LinkSpec.fromRoundTrip(20, 1000));
        BitSet seen = new BitSet();
        long[] own = {0};
        RunResult r = new Simulation(new SimulationConfig(platform, replay, BalancePolicies.CRS, 1).withListener(new SimulationListener() {
            @Override
            public void jobExecuted(SimJob job, int node) {
                int id = (int) job.seed;
                assertFalse(seen.get(id), "trace job " + id + " ran twice");
                seen.set(id);
                assertEquals(trace.ownNanos(id), job.ownNanos);
                assertEquals(trace.resultBytes(id), job.resultBytes);
                own[0] += job.ownNanos;
            }
        })).run();
        assertEquals(trace.jobCount(), seen.cardinality());
        assertEquals(trace.jobCount(), r.jobs());
        assertEquals(trace.totalNanos(), own[0]);
        assertTrue(r.runSeconds() < trace.totalNanos() / 1e9, "eight nodes beat one");
    }

    @Test
    void onOneNodeTheReplayTakesExactlyTheRecordedTime() {
        SpawnTrace trace = record(500, 3).snapshot();
        Platform one = Platform.homogeneous(1, 1, LinkSpec.of(1, 1e9), LinkSpec.of(1, 1e9));
        RunResult r = new Simulation(new SimulationConfig(one, new TraceWorkload("t", trace, 0), BalancePolicies.RS, 1)).run();
        assertEquals(trace.totalNanos() / 1e9, r.runSeconds(), 1e-9);
    }
}
