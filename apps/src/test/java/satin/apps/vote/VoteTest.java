package satin.apps.vote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import satin.apps.common.MainRun;
import satin.runtime.RuntimeConfig;
import satin.runtime.SatinRuntime;

/** Two-out-of-three voting with inlets and abort, off workers and on runtimes of 1 and 2 workers. */
@Timeout(120)
class VoteTest {

    private static final long LIMIT = 200_000;

    @Test
    void theFaultyReplicaIsOutvotedOffWorkers() {
        long truth = Primes.sum(0, LIMIT);
        for (int faulty = -1; faulty <= 2; faulty++) {
            Vote.Decision d = Vote.compute(LIMIT, faulty, 5_000);
            assertEquals(truth, d.value(), "faulty " + faulty);
            assertEquals(SequentialVote.compute(LIMIT, faulty), d.value());
        }
    }

    @Test
    void onWorkersTheDecisionComesAfterTwoAgreeingBallots() throws Exception {
        long truth = Primes.sum(0, LIMIT);
        for (int workers : List.of(1, 2)) {
            for (int threshold : List.of(2, Integer.MAX_VALUE)) {
                try (SatinRuntime runtime = SatinRuntime.start(RuntimeConfig.defaults().withWorkers(workers)
                        .withInlineThreshold(threshold))) {
                    for (int faulty = -1; faulty <= 2; faulty++) {
                        int f = faulty;
                        Vote.Decision d = runtime.call(() -> Vote.compute(LIMIT, f, 5_000));
                        String where = workers + " workers, threshold " + threshold + ", faulty " + faulty;
                        assertEquals(truth, d.value(), where);
                        if (faulty == -1) {
                            // the first two ballots agree, and abort() keeps the third one's inlet from running
                            assertEquals(2, d.ballots(), where);
                        }
                        assertTrue(d.ballots() == 2 || d.ballots() == 3, where);
                    }
                }
            }
        }
    }

    @Test
    void mainReportsAPassedSelfCheck() throws Exception {
        MainRun run = MainRun.of(Vote.USAGE, 3, Vote::run, "100000", "2", "2000");
        assertEquals(0, run.status(), run.out() + run.err());
        assertTrue(run.out().contains("self-check passed"), run.out());
    }
}
