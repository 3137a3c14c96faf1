package satin.runtime.lineage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import satin.contract.InvocationRecord;
import satin.runtime.RuntimeConfig;
import satin.runtime.SatinRuntime;
import satin.runtime.spawn.ExternalWork;
import satin.runtime.spawn.WorkerPool;

/**
 * Identity and replay in one JVM. A run with lineage is robbed by a "remote thief" thread, which takes records the
 * way another node's steal request does ({@link WorkerPool#stealForExport}), runs them and keeps each result under
 * the record's identity. Running the root job again with a plan made of those results must reuse every one of
 * them (their leaves do not run again) and give the same answer, whatever the timing of the first run was.
 */
@Timeout(120)
class ReplayTest {

    private static final int SIZE = 1 << 14;

    /** One stolen record's identity, result and the leaves it covered. */
    private record Stored(StampPath path, long result, int leaves) {
    }

    private static SatinRuntime runtime(Lineage lineage, int workers) {
        return SatinRuntime.start(RuntimeConfig.defaults().withName("replay").withWorkers(workers)
                .withExternalWork(ExternalWork.NONE).withLineage(lineage));
    }

    /** Runs the sum with a thief taking records until {@code wanted} were stolen; returns what it stole. */
    private static List<Stored> robbedRun(int wanted) throws Exception {
        Lineage lineage = new Lineage(1);
        RangeSum program = new RangeSum();
        List<Stored> stolen = new ArrayList<>();
        try (SatinRuntime runtime = runtime(lineage, 1)) {
            AtomicBoolean done = new AtomicBoolean();
            List<Thread> remote = new ArrayList<>();
            Thread thief = new Thread(() -> {
                while (!done.get() && remote.size() < wanted) {
                    InvocationRecord r = runtime.pool().stealForExport();
                    if (r == null) {
                        Thread.onSpinWait();
                        continue;
                    }
                    RangeSum.SumRecord job = (RangeSum.SumRecord) r;
                    Stamp stamp = WorkerPool.stampOf(job);
                    assertNotNull(stamp, "every queued record has an identity");
                    StampPath path = stamp.pathWithDigest(ArgumentDigest.of(job));
                    Thread node = new Thread(() -> { // each stolen job runs on a "node" of its own
                        job.runHere();
                        synchronized (stolen) {
                            stolen.add(new Stored(path, job.result, job.hi - job.lo));
                        }
                        runtime.pool().completeExported(job, job.result, null);
                    });
                    remote.add(node);
                    node.start();
                }
            });
            thief.start();
            long sum = runtime.call(() -> program.sum(0, SIZE));
            done.set(true);
            thief.join();
            for (Thread t : remote) {
                t.join();
            }
            assertEquals(RangeSum.sequential(0, SIZE), sum);
            assertEquals(SIZE, program.leaves.get(), "every leaf ran once, here or at the thief");
        }
        return stolen;
    }

    private static final List<ReplayEntry> lastEntries = new ArrayList<>();

    private static ReplayPlan plan(List<Stored> stored) {
        ReplayPlan.Builder b = new ReplayPlan.Builder(PathKey.ROOT);
        lastEntries.clear();
        for (Stored s : stored) {
            ReplayEntry e = b.add(s.path);
            assertNotNull(e, "paths of one execution never contradict each other: " + s.path);
            e.deliver(new ReplayEntry.Outcome(s.result, null, 1000));
            lastEntries.add(e);
        }
        return b.build();
    }

    @RepeatedTest(5)
    void aReplayReusesEveryStoredResultAndRunsOnlyTheRest() throws Exception {
        List<Stored> stolen = robbedRun(12);
        assertTrue(!stolen.isEmpty(), "the thief stole something");
        int covered = stolen.stream().mapToInt(Stored::leaves).sum();

        Lineage again = new Lineage(2);
        again.root(Stamp.root(new WorkAccount(again, true), plan(stolen)));
        RangeSum program = new RangeSum();
        try (SatinRuntime runtime = runtime(again, 2)) {
            long sum = runtime.call(() -> program.sum(0, SIZE));
            assertEquals(RangeSum.sequential(0, SIZE), sum);
        }
        assertEquals(stolen.size(), again.reusedResults(), "every stored result was found: " + stolen + " reached: "
                + lastEntries.stream().map(e -> e.key() + "=" + e.reached()).toList() + " plan " + again.root().plan().allEntries());
        assertEquals(SIZE - covered, program.leaves.get(), "the stored results' leaves did not run again");
        assertEquals(0, again.mismatches());
        assertTrue(again.busyRedoNanos() > 0, "the replay's work is charged as redone");
    }

    @Test
    void aReplayThatWaitsGetsTheResultWhenItArrivesOrRunsTheJobWhenItsHolderIsGone() throws Exception {
        List<Stored> stolen = robbedRun(6);
        assertTrue(stolen.size() >= 2, "the thief stole at least two records: " + stolen);
        ReplayPlan.Builder b = new ReplayPlan.Builder(PathKey.ROOT);
        List<ReplayEntry> entries = new ArrayList<>();
        for (Stored s : stolen) {
            ReplayEntry e = b.add(s.path);
            e.pending(7); // node 7 is computing each of them
            entries.add(e);
        }
        ReplayPlan plan = b.build();
        Lineage again = new Lineage(2);
        again.root(Stamp.root(new WorkAccount(again, true), plan));
        RangeSum program = new RangeSum();
        ConcurrentLinkedQueue<InvocationRecord> rerun = new ConcurrentLinkedQueue<>();
        // the first stored result arrives from node 7; then node 7 dies and the others must run here
        ExternalWork local = new ExternalWork() {
            @Override
            public InvocationRecord poll(int workerIndex) {
                return rerun.poll();
            }

            @Override
            public void finished(InvocationRecord record, Throwable failure) {
                holder[0].pool().wake(record);
            }
        };
        try (SatinRuntime runtime = SatinRuntime.start(RuntimeConfig.defaults().withName("wait").withWorkers(2)
                .withExternalWork(local).withLineage(again))) {
            holder[0] = runtime;
            Thread delivery = new Thread(() -> {
                ReplayEntry first = entries.get(0);
                while (first.holder() == 7 && !waiting(first)) {
                    Thread.onSpinWait();
                }
                InvocationRecord r = first.deliver(new ReplayEntry.Outcome(stolen.get(0).result, null, 5));
                if (r != null) {
                    runtime.pool().completeExported(r, stolen.get(0).result, null);
                }
                for (ReplayEntry e : entries.subList(1, entries.size())) {
                    InvocationRecord orphan = e.holderGone(7);
                    if (orphan != null) {
                        rerun.add(orphan);
                    }
                }
            });
            delivery.start();
            long sum = runtime.call(() -> program.sum(0, SIZE));
            delivery.join();
            assertEquals(RangeSum.sequential(0, SIZE), sum);
        }
        int rerunLeaves = stolen.subList(1, stolen.size()).stream().mapToInt(Stored::leaves).sum();
        assertEquals(SIZE - stolen.get(0).leaves, program.leaves.get(),
                "only the delivered result's leaves were saved; the lost ones ran here (" + rerunLeaves + ")");
    }

    private static final SatinRuntime[] holder = new SatinRuntime[1];

    private static boolean waiting(ReplayEntry e) {
        return e.waiting();
    }

    @Test
    void aProgramThatChangedIsDetectedAndStillComputesTheRightSum() throws Exception {
        List<Stored> stolen = robbedRun(8);
        Lineage again = new Lineage(2);
        again.root(Stamp.root(new WorkAccount(again, true), plan(stolen)));
        RangeSum program = new RangeSum();
        program.skew = 1; // splits differently: the same indices now denote other calls
        try (SatinRuntime runtime = runtime(again, 1)) {
            long sum = runtime.call(() -> program.sum(0, SIZE));
            assertEquals(RangeSum.sequential(0, SIZE), sum);
        }
        assertTrue(again.mismatches() > 0 || again.reusedResults() < stolen.size(),
                "the replay noticed that the spawns differ");
        assertEquals(0, again.reusedResults(), "no result of other calls was used");
    }

    @Test
    void identitiesAreValuesThatSurviveTheTrip() {
        Lineage l = new Lineage(3);
        Stamp root = l.root();
        JobContext c = JobContext.enter(root, 100);
        Stamp a = c.queue(c.index(105), 3);
        Stamp b = c.queue(c.index(107), 3);
        assertEquals(5, a.index());
        assertEquals(7, b.index());
        StampPath pb = b.path();
        assertEquals(1, pb.steps().size());
        assertEquals(List.of(5L), java.util.Arrays.stream(pb.steps().get(0).queued()).boxed().toList());
        Stamp received = Stamp.received(pb, new WorkAccount(l, false));
        assertEquals(b.key(), received.key());
        JobContext there = JobContext.enter(received, 0);
        Stamp child = there.queue(0, 9);
        assertEquals(2, child.path().steps().size());
        assertTrue(child.key().startsWith(b.key()));
        assertNull(root.plan());
        assertSame(root, l.root());
        assertEquals(9, child.path().reclaimer(n -> n == 9 || n == 3));
        assertEquals(3, child.path().reclaimer(n -> n == 3), "the thief 9 is gone: its owner 3 runs the work again");
        assertEquals(Stamp.MASTER, child.path().reclaimer(n -> false));
    }
}
