package satin.simulator.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import satin.balance.BalancePolicies;
import satin.simulator.network.LinkSpec;
import satin.simulator.workload.SimJob;
import satin.simulator.workload.Workload;

/** A victim's late answer to a wide-area steal request ({@link SimulationConfig#wideAreaSyncAnswerDelayNanos()}). */
class WideAreaAnswerDelayTest {
    private static final long ROOT = 500_000_000L;
    private static final long LEAF = 10_000_000_000L;
    private static final int PARAM = 4_000;
    private static final int RESULT = 1_000;
    private static final LinkSpec LINK = LinkSpec.of(10_000_000L, 1e6);

    /** A root of 0.5 s with two leaves of 10 s each. */
    private static final Workload FORK = new Workload() {
        @Override
        public String name() {
            return "fork";
        }

        @Override
        public SimJob root() {
            SimJob root = new SimJob();
            root.childCount = 2;
            root.ownNanos = ROOT;
            return root;
        }

        @Override
        public void spawnChildren(SimJob parent, Spawner spawner) {
            for (int i = 0; i < parent.childCount; i++) {
                SimJob leaf = new SimJob();
                leaf.parent = parent;
                leaf.ownNanos = LEAF;
                leaf.paramBytes = PARAM;
                leaf.resultBytes = RESULT;
                spawner.spawn(leaf);
            }
        }

        @Override
        public long sequentialNanos() {
            return ROOT + 2 * LEAF;
        }

        @Override
        public long spawnOverheadNanos() {
            return 0;
        }
    };

    private static RunResult run(int clusters, long delay) {
        Platform p = Platform.homogeneous(clusters, 2 / clusters, LINK, LINK);
        return new Simulation(new SimulationConfig(p, FORK, BalancePolicies.RS, 1).withWideAreaSyncAnswerDelay(delay)).run();
    }

    @Test
    void aWideAreaRequestIsAnsweredTheDelayAfterItArrivesWithTheDequeAsItIsThen() {
        long delay = 1_000_000_000L;
        int control = SimulationConfig.DEFAULT_CONTROL_BYTES;
        // node 1's first request leaves at 0 and is taken up at tx + latency + delay (1.01 s): by then node 0 has run the
        // root (0.5 s), spawned both leaves and runs the newest, so the answer carries the oldest; node 1 runs it and
        // sends its result back, which arrives at about 11.04 s
        long taken = LINK.transmissionNanos(control) + LINK.latencyNanos() + delay;
        long leafArrives = taken + LINK.transmissionNanos(control + PARAM) + LINK.latencyNanos();
        long resultArrives = leafArrives + LEAF + LINK.transmissionNanos(control + RESULT) + LINK.latencyNanos();
        // node 0 ends its leaf at 10.5 s and, idle, blocks in a synchronous steal from node 1, which is taken up late
        // too: the root resumes only when that reply is back, after the result
        long node0Unblocked = ROOT + LEAF + 2 * (LINK.transmissionNanos(control) + LINK.latencyNanos()) + delay;
        assertTrue(node0Unblocked > resultArrives && resultArrives > ROOT + LEAF);
        RunResult r = run(2, delay);
        assertEquals(node0Unblocked / 1e9, r.runSeconds(), 1e-9);
        assertEquals(1, r.wideStealSuccesses());
        // node 1 (before its leaf and after it, still out at the end) and node 0 once: each waits out its delayed answer
        assertEquals(3, r.wideStealAttempts());

        RunResult prompt = run(2, 0);
        assertTrue(prompt.runSeconds() < r.runSeconds() - 0.4, "without the delay node 1 gets a leaf soon after 0.5 s: " + prompt.runSeconds());
    }

    @Test
    void requestsInsideAClusterAreNotDelayed() {
        assertEquals(run(1, 0), run(1, 1_000_000_000L));
    }

    @Test
    void aNegativeDelayIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> run(2, -1));
        assertTrue(e.getMessage().contains("answer delay"), e.getMessage());
    }
}
