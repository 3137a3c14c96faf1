package satin.runtime.node;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Comparator;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import satin.balance.ClusterMap;
import satin.runtime.node.membership.Observation;
import satin.runtime.node.membership.PoolView;
import satin.runtime.node.recovery.CrashRecovery;
import satin.runtime.node.recovery.SalvagedResults;

/**
 * Issue 30, defect 1: the master and its successor die at once, their deaths reported on two threads (the registry's
 * event and a broken link). The successor's death is reported while the master's death is choosing the successor;
 * afterwards the surviving node must be the master and take over, or every survivor waits for a dead master forever.
 * On the main of commit 626f4f6 (dead set and master updated apart, outside the monitor) the master stayed pointing
 * at the dead successor.
 */
class MasterSuccessionRaceTest {

    @Test
    void theLiveNodeSucceedsWhenMasterAndSuccessorDieOnTwoThreads() throws Exception {
        AtomicReference<Thread> second = new AtomicReference<>();
        AtomicReference<CrashRecovery> holder = new AtomicReference<>();
        AtomicBoolean armed = new AtomicBoolean();
        // choosing the master after the first death: the successor's death arrives on another thread meanwhile
        Comparator<PoolView.Member> ranking = (a, b) -> {
            if (armed.getAndSet(false)) {
                Thread t = new Thread(() -> holder.get().nodeGone(1, new Observation.LinkBroken("reset")),
                        "broken-link");
                second.set(t);
                t.start();
                awaitFinishedOrStuck(t);
            }
            return Integer.compare(a.number(), b.number());
        };
        PoolView view = new PoolView(ranking);
        for (int i = 0; i < 3; i++) {
            view.learn(i, null);
        }
        view.ready(0);
        view.ready(1);
        CompletableFuture<Integer> tookOver = new CompletableFuture<>();
        CrashRecovery crashes = new CrashRecovery(2, view, new SalvagedResults(), 60_000, tookOver::complete);
        holder.set(crashes);
        crashes.attach(new RemoteStealing(2, new ClusterMap(new int[] {0, 0, 0}), null, 60_000, t -> { }));
        armed.set(true);

        crashes.nodeGone(0, new Observation.RegistryDied());
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
