package satin.runtime.node.steal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import satin.contract.InvocationRecord;
import satin.runtime.node.loop.ProtocolLoop;
import satin.runtime.node.recovery.EmptyRecord;

/**
 * The steal ledger is owned by the node's protocol loop and workers only hand over (issue 30, part 4): a multi-thread
 * stress test with a real loop. Workers take arrived jobs without a lock, finish them and hand their results over
 * while the loop registers more arrivals and, half way, declares one owner dead (its orphans listed and its kept
 * results taken, as crash recovery does). Every job is taken exactly once, and every result for the dead owner is
 * salvaged exactly once: kept and taken at the death, or handed over after it and salvaged then; none is kept for
 * an owner that is gone (it would wait for a take that has run already, while its job was announced as an orphan
 * computed here). The ledger's ownership assertions hold throughout (assertions are on in the tests).
 */
class LedgerHandOffTest {

    private static final int DEAD = 1;
    private static final int ALIVE = 2;

    @Test
    void workersHandOverAndEveryResultOfADeadOwnerIsSalvagedOnce() throws Exception {
        for (int round = 0; round < 40; round++) {
            oneRound(round);
        }
    }

    private static void oneRound(int round) throws Exception {
        List<Throwable> failures = new CopyOnWriteArrayList<>();
        try (ProtocolLoop loop = new ProtocolLoop("ledger-test-" + round, failures::add)) {
            loop.start();
            StealLedger ledger = new StealLedger(new KeptResults(1L << 40), System::nanoTime);
            ledger.confine(loop);
            int jobs = 400;
            int workers = 4;
            Set<Integer> gone = new HashSet<>(); // the loop's, as the pool view is
            List<Long> salvaged = new ArrayList<>(); // the loop's
            List<Long> orphanKeys = new ArrayList<>(); // the loop's
            ConcurrentHashMap<InvocationRecord, Integer> taken = new ConcurrentHashMap<>();
            AtomicInteger finished = new AtomicInteger();
            CountDownLatch halfFinished = new CountDownLatch(jobs / 2);
            CountDownLatch allFinished = new CountDownLatch(jobs);
            List<Thread> threads = new ArrayList<>();
            for (int w = 0; w < workers; w++) {
                threads.add(new Thread(() -> {
                    while (finished.get() < jobs && failures.isEmpty()) {
                        InvocationRecord job = ledger.takeArrived();
                        if (job == null) {
                            Thread.onSpinWait();
                            continue;
                        }
                        taken.merge(job, 1, Integer::sum);
                        StealLedger.Origin origin = ledger.finished(job);
                        KeptResults.Entry entry = ledger.keptEntry(origin.node(), origin.key(),
                                new KeptResults.Outcome(origin.key(), null, 1));
                        ledger.sized(entry, 100); // the RESULT's writer, here before the keep or after it
                        ledger.keep(entry, gone::contains, e -> salvaged.add(e.key));
                        finished.incrementAndGet();
                        halfFinished.countDown();
                        allFinished.countDown();
                    }
                }, "worker-" + w));
            }
            threads.forEach(Thread::start);
            for (int i = 0; i < jobs; i++) {
                int owner = i % 2 == 0 ? DEAD : ALIVE;
                long key = i;
                loop.post(() -> {
                    StealLedger.Origin origin = new StealLedger.Origin(owner, key, key, 0);
                    EmptyRecord job = new EmptyRecord();
                    ledger.registerForeign(origin, job, true);
                    ledger.queueArrival(job);
                });
            }
            assertTrue(halfFinished.await(60, TimeUnit.SECONDS), "half the jobs finished");
            loop.call(() -> { // the owner's death, as CrashRecovery.nodeGone does it
                gone.add(DEAD);
                orphanKeys.addAll(ledger.orphansOf(DEAD));
                ledger.takeKept(DEAD, e -> salvaged.add(e.key));
            }, 60_000);
            assertTrue(allFinished.await(60, TimeUnit.SECONDS), "every job finished");
            for (Thread t : threads) {
                t.join(60_000);
            }
            List<Long> keptAfter = new ArrayList<>();
            boolean[] holdsNothing = new boolean[1];
            List<Long> salvagedSeen = new ArrayList<>();
            loop.call(() -> { // every hand-off posted before this step has run
                ledger.takeKept(DEAD, e -> keptAfter.add(e.key));
                holdsNothing[0] = ledger.holdsNothing();
                salvagedSeen.addAll(salvaged);
            }, 60_000);
            assertEquals(List.of(), failures, "no step failed (ownership assertions included)");
            assertEquals(jobs, taken.size(), "every arrival taken");
            assertTrue(taken.values().stream().allMatch(n -> n == 1), "and by one worker only");
            assertEquals(List.of(), keptAfter, "no result kept for an owner that is gone");
            Set<Long> once = new HashSet<>(salvagedSeen);
            assertEquals(salvagedSeen.size(), once.size(), "every result salvaged at most once");
            assertEquals(jobs / 2, once.size(), "every result of the dead owner's jobs salvaged");
            assertTrue(once.containsAll(orphanKeys), "every orphan announced gets its result");
            assertTrue(holdsNothing[0], "the ledger forgot every finished job");
        }
    }
}
