package satin.virtual;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import satin.runtime.RuntimeConfig;
import satin.runtime.SatinRuntime;
import satin.simulator.workload.SimJob;
import satin.simulator.workload.Workload;

/**
 * The virtual-work program on a real runtime in this JVM: the whole tree runs once, every job waits exactly its
 * own time divided by speed and time scale (the ledger's sums against the tree walked here), and one worker takes at
 * least the sum of the waits.
 */
@Timeout(120)
class VirtualWorkTest {
    /** 31 jobs: a perfectly even binary tree of 16 leaves of 10 ms, inner jobs with 10% own time. */
    static final String TREE = "ai,totalNanos=200000000,leafNanos=12500000,irregularity=0,ownFraction=0.1,minChildren=2,maxChildren=2";

    /** Every job of the tree with its own time and child count, walked as the simulator unfolds it. */
    static List<SimJob> jobs(Workload w) {
        List<SimJob> all = new ArrayList<>();
        Deque<SimJob> todo = new ArrayDeque<>(List.of(w.root()));
        while (!todo.isEmpty()) {
            SimJob j = todo.pop();
            all.add(j);
            w.spawnChildren(j, todo::push);
        }
        return all;
    }

    private static long expectedWaits(VirtualWork program, Workload w) {
        long sum = 0;
        for (SimJob j : jobs(w)) {
            sum += program.waitNanos(j.ownNanos, j.childCount);
        }
        return sum;
    }

    @Test
    void oneWorkerRunsTheTreeOnceAndTakesAtLeastTheSumOfItsWaits() throws Exception {
        WaitLedger ledger = new WaitLedger();
        VirtualWork program = new VirtualWork(TREE, 7, 1, 1.0, ledger);
        Workload w = TreeSpec.resolve(TREE, 7);
        long waits = expectedWaits(program, w);
        assertEquals(w.sequentialNanos(), waits, "at speed 1 and scale 1 the waits are t_s (no spawn overhead in this tree)");
        try (SatinRuntime runtime = SatinRuntime.start(RuntimeConfig.defaults().withName("virtual-1").withWorkers(1))) {
            long start = System.nanoTime();
            VirtualResult r = runtime.call(program::compute);
            long makespan = System.nanoTime() - start;
            assertEquals(jobs(w).size(), r.jobs(), "every job ran once");
            assertEquals(w.sequentialNanos(), r.workNanos(), "the results add up to t_s");
            assertEquals(r.jobs(), ledger.jobs());
            assertEquals(waits, ledger.waitedNanos(), "the ledger counts exactly the waits of the tree");
            // A worker's waits are exact in sum up to the owed part of one short wait (PreciseWait's balance).
            assertTrue(makespan >= waits - PreciseWait.MAX_OWED_NANOS, "makespan " + makespan + " >= sum of waits " + waits);
            // Not a speed threshold: a bound against waits counted twice or never paid back (2x the whole tree).
            assertTrue(makespan < 2 * waits, "makespan " + makespan + " is the sum of the waits, not a multiple: " + waits);
        }
    }

    @Test
    void severalWorkersShareTheWaitsAndRunEveryJobOnce() throws Exception {
        WaitLedger ledger = new WaitLedger();
        VirtualWork program = new VirtualWork(TREE, 7, 1, 1.0, ledger);
        Workload w = TreeSpec.resolve(TREE, 7);
        long waits = expectedWaits(program, w);
        try (SatinRuntime runtime = SatinRuntime.start(RuntimeConfig.defaults().withName("virtual-4").withWorkers(4)
                .withInlineThreshold(Integer.MAX_VALUE))) {
            long start = System.nanoTime();
            VirtualResult r = runtime.call(program::compute);
            long makespan = System.nanoTime() - start;
            assertEquals(jobs(w).size(), r.jobs());
            assertEquals(waits, ledger.waitedNanos(), "the same waits, wherever they ran");
            // The critical path (root, one child per level, a leaf) bounds the makespan from below: 4 levels of inner
            // jobs and a leaf. Four workers cannot beat a quarter of the total either.
            assertTrue(makespan >= waits / 4 - PreciseWait.MAX_OWED_NANOS * 4, "makespan " + makespan + " of waits " + waits);
        }
    }

    @Test
    void speedAndTimeScaleDivideEveryWaitByExactlyTheirProduct() throws Exception {
        Workload w = TreeSpec.resolve(TREE, 7);
        VirtualWork unit = new VirtualWork(TREE, 7, 1, 1.0, new WaitLedger());
        VirtualWork fast = new VirtualWork(TREE, 7, 4, 2.0, new WaitLedger());
        VirtualWork slow = new VirtualWork(TREE, 7, 1, 0.5, new WaitLedger());
        for (SimJob j : jobs(w)) {
            long u = unit.waitNanos(j.ownNanos, j.childCount);
            assertEquals(Math.round(u / 8.0), fast.waitNanos(j.ownNanos, j.childCount), "speed 2 x scale 4 = 1/8");
            assertEquals(2 * u, slow.waitNanos(j.ownNanos, j.childCount), "speed 0.5 = twice as long");
        }
        WaitLedger ledger = new WaitLedger();
        VirtualWork program = new VirtualWork(TREE, 7, 4, 2.0, ledger);
        try (SatinRuntime runtime = SatinRuntime.start(RuntimeConfig.defaults().withName("virtual-fast").withWorkers(1))) {
            VirtualResult r = runtime.call(program::compute);
            assertEquals(w.sequentialNanos(), r.workNanos(), "work is counted unscaled, at speed 1");
            assertEquals(w.sequentialNanos(), ledger.workNanos());
            assertEquals(expectedWaits(fast, w), ledger.waitedNanos(), "and waited 1/8 of it");
            assertEquals(w.sequentialNanos() / 8, ledger.waitedNanos(), "(every own time here is a multiple of 8 ns)");
        }
    }

    @Test
    void badParametersAreRefusedWithTheirCause() {
        IllegalArgumentException scale = assertThrows(IllegalArgumentException.class, () -> new VirtualWork(TREE, 1, 0));
        assertTrue(scale.getMessage().contains("time scale"), scale.getMessage());
        IllegalArgumentException speed = assertThrows(IllegalArgumentException.class,
                () -> new VirtualWork(TREE, 1, 1, -1.0, new WaitLedger()));
        assertTrue(speed.getMessage().contains("speed"), speed.getMessage());
        IllegalArgumentException tree = assertThrows(IllegalArgumentException.class, () -> new VirtualWork("fib", 1, 1));
        assertTrue(tree.getMessage().contains("unknown workload"), tree.getMessage());
        IllegalArgumentException key = assertThrows(IllegalArgumentException.class, () -> TreeSpec.shape("ai,leafNanos"));
        assertTrue(key.getMessage().contains("key=value"), key.getMessage());
        IllegalArgumentException trace = assertThrows(IllegalArgumentException.class,
                () -> new VirtualWork("trace:/no/such/file.trace", 1, 1));
        assertTrue(trace.getMessage().contains("not found"), trace.getMessage());
    }
}
