package satin.runtime.node;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import satin.balance.ClusterMap;
import satin.runtime.node.recovery.SalvagedResults;

/**
 * Issue 30, defect 1: the master and its successor die at once, their deaths reported on two threads (the registry's
 * event and a broken link). The second death is reported while the first is choosing the successor; afterwards the
 * surviving node must be the master and take over, or every survivor waits for a dead master forever.
 */
class MasterSuccessionRaceTest {

    @Test
    void theLiveNodeSucceedsWhenMasterAndSuccessorDieOnTwoThreads() throws Exception {
        AtomicReference<Thread> second = new AtomicReference<>();
        CompletableFuture<Integer> tookOver = new CompletableFuture<>();
        AtomicReference<CrashRecovery> holder = new AtomicReference<>();
        CrashRecovery.Succession succession = new CrashRecovery.Succession() {
            @Override
            public int masterAmong(Set<Integer> gone) {
                if (second.get() == null) {
                    // the successor's death arrives on another thread while this one chooses
                    Thread t = new Thread(() -> holder.get().nodeGone(1, "link broken"), "broken-link");
                    second.set(t);
                    t.start();
                    awaitFinishedOrStuck(t);
                }
                for (int i = 0; i < 3; i++) {
                    if (!gone.contains(i)) {
                        return i;
                    }
                }
                return -1;
            }

            @Override
            public void takeOver(int oldMaster) {
                tookOver.complete(oldMaster);
            }
        };
        CrashRecovery crashes = new CrashRecovery(2, () -> List.of(0, 1, 2), new SalvagedResults(), 60_000,
                succession);
        holder.set(crashes);
        RemoteStealing remote = new RemoteStealing(2, new ClusterMap(new int[] {0, 0, 0}), null, 60_000, t -> { });
        crashes.attach(remote, 0);

        crashes.nodeGone(0, "died");
        second.get().join(10_000);

        assertEquals(2, crashes.master(), "the only live node is the master");
        assertEquals(1, tookOver.get(10, TimeUnit.SECONDS).intValue(), "it takes over from the last master gone");
        assertTrue(crashes.isDead(0) && crashes.isDead(1));
    }

    /** Waits until {@code t} ended or waits itself (for a lock held by the caller), at most 10 s. */
    static void awaitFinishedOrStuck(Thread t) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (System.nanoTime() < deadline) {
            Thread.State s = t.getState();
            if (s == Thread.State.TERMINATED || s == Thread.State.BLOCKED || s == Thread.State.WAITING
                    || s == Thread.State.TIMED_WAITING) {
                return;
            }
            Thread.onSpinWait();
        }
    }
}
