package satin.runtime.node.recovery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import satin.contract.InvocationRecord;
import satin.runtime.node.membership.Observation;
import satin.runtime.node.membership.PoolView;
import satin.runtime.node.wire.Message;
import satin.runtime.spawn.SalvagedLookup;

/**
 * Two rules of crash recovery that the seeded simulation ({@code node.sim}) found broken, each as the smallest
 * sequence of events that shows it (the seeds that found them replay in {@code node.sim.FoundBySimulationTest}).
 */
class SimulationFoundTest {

    /** Node 2 of a pool of three, with a stealing side that holds nothing. */
    private final PoolView view = new PoolView();
    private final SalvagedResults salvaged = new SalvagedResults();
    private final List<Integer> takeOvers = new ArrayList<>();
    private final CrashRecovery recovery = new CrashRecovery(2, view, salvaged, 60_000, takeOvers::add);

    SimulationFoundTest() {
        for (int n = 0; n < 3; n++) {
            view.learn(n, null);
            view.ready(n);
        }
        view.closedWith(3);
        recovery.attach(new Idle());
    }

    /**
     * The master (0) dies; its successor (1) is leaving, holds nothing, and leaves before its round ended there: it
     * never ran main. Node 2, next in line, must take over when 1 departs (seeds 23 and 78 waited forever).
     */
    @Test
    void theNextInLineTakesOverWhenTheSuccessorLeavesBeforeItsTakeOver() {
        recovery.nodeGone(0, new Observation.RegistryDied());
        recovery.onOrphans(1, 0, new long[0]); // node 1's announcement: the round of 0 ends here
        assertEquals(1, view.master());
        assertEquals(List.of(), takeOvers);

        recovery.departed(1);

        assertEquals(2, view.master());
        assertEquals(List.of(0), takeOvers, "node 2 runs main again, as the successor of the dead master 0");
    }

    /**
     * Node 1 is declared dead here (a broken link) before its ORPHANS, sent before it died, arrive: the orphans it
     * announced will never come, so a re-execution must not wait for them (seed 8448 waited forever).
     */
    @Test
    void orphansAnnouncedByANodeAlreadyDeadAreNotWaitedFor() {
        long key = 42;
        recovery.nodeGone(1, new Observation.LinkBroken("reset"));
        recovery.onOrphans(1, 0, new long[] {key});

        SalvagedLookup.Known known = salvaged.claim(key, new EmptyRecord());
        assertNotSame(SalvagedLookup.PENDING, known, "nobody computes it: the re-execution runs it");
        assertNull(known);
    }

    /**
     * Node 2 runs an orphan K of the dead master 0 and announces it; between the listing of its orphans and the
     * ORPHANS going out, another death's round withdraws K (here: from inside the round, as a nested send that found a
     * link broken does). The peers must end with K withdrawn, so the withdrawal goes again after the ORPHANS, and
     * nothing here waits for K (seed 22497 waited forever).
     */
    @Test
    void anOrphanWithdrawnWhileItsRoundAnnouncesItIsWithdrawnAfterTheAnnouncement() {
        long key = 7;
        List<String> sent = new ArrayList<>();
        PoolView pool = new PoolView();
        for (int n = 0; n < 4; n++) {
            pool.learn(n, null);
            pool.ready(n);
        }
        pool.closedWith(4);
        SalvagedResults table = new SalvagedResults();
        CrashRecovery[] self = new CrashRecovery[1];
        self[0] = new CrashRecovery(2, pool, table, 60_000, n -> { });
        self[0].attach(new Idle() {
            @Override
            public List<Long> orphansOf(int owner) {
                return owner == 0 ? List.of(key) : List.of();
            }

            @Override
            public void salvageKept(int owner) {
                self[0].withdraw(key); // the other round's withdrawal, between the listing and the ORPHANS
            }

            @Override
            public boolean sendIfAlive(int peer, Message message) {
                if (peer == 3) {
                    sent.add(message instanceof Message.Orphans o ? "orphans " + o.keys().length : "other");
                }
                return true;
            }

            @Override
            public void sendWithdrawn(int peer, long withdrawn) {
                if (peer == 3) {
                    sent.add("withdrawn " + withdrawn);
                }
            }
        });

        self[0].nodeGone(0, new Observation.RegistryDied());

        assertEquals(List.of("withdrawn 7", "orphans 1", "withdrawn 7"), sent, "node 3's last word on K: withdrawn");
        assertNull(table.claim(key, new EmptyRecord()), "nothing here waits for K");
    }


    /** A stealing side that holds nothing and sends everything. */
    private static class Idle implements StealingSide {
        @Override
        public void victimGone(int victim) {
        }

        @Override
        public List<InvocationRecord> lostWith(int thief) {
            return List.of();
        }

        @Override
        public List<InvocationRecord> lostWith(int thief, boolean keepRelayed) {
            return List.of();
        }

        @Override
        public List<Long> orphansOf(int owner) {
            return List.of();
        }

        @Override
        public void salvageKept(int owner) {
        }

        @Override
        public void completeSalvaged(InvocationRecord record, Object result, Throwable failure) {
        }

        @Override
        public boolean sendIfAlive(int peer, Message message) {
            return true;
        }

        @Override
        public void sendSalvaged(int peer, long key, SalvagedResults.Outcome outcome) {
        }

        @Override
        public void sendWithdrawn(int peer, long key) {
        }

        @Override
        public void arrived(InvocationRecord job) {
        }

        @Override
        public boolean takeBack(InvocationRecord record, int deadThief) {
            return true;
        }
    }
}
