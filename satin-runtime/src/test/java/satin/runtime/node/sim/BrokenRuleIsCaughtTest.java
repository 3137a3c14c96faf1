package satin.runtime.node.sim;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The simulation is only worth its schedules if they catch a broken rule: each {@link Mutation} breaks one rule of
 * the stealing ledger around the real stealing, and some seed among the default run's ({@link SeededSimulationTest}:
 * seeds 1 to 2,000) must show a violation with it, and none without it.
 */
@ExtendWith(QuietRecovery.class)
class BrokenRuleIsCaughtTest {

    private static final int DEFAULT_SCHEDULES = 2_000;

    @Test
    void relayedJobsThatDoNotGoHomeAreCaught() {
        assertCaught(Mutation.RELAYED_JOBS_DO_NOT_GO_HOME);
    }

    @Test
    void aResultCompletingAJobRecoveryClaimedIsCaught() {
        assertCaught(Mutation.LATE_RESULT_COMPLETES);
    }

    private static void assertCaught(Mutation mutation) {
        Simulation simulation = new Simulation();
        for (long seed = 1; seed <= DEFAULT_SCHEDULES; seed++) {
            Verdict broken = simulation.run(seed, mutation);
            if (!broken.passed()) {
                Verdict intact = simulation.run(seed, Mutation.NONE);
                assertTrue(intact.passed(), intact::toString);
                System.out.println(mutation + " caught by " + broken);
                return;
            }
        }
        fail("no seed of the default run caught " + mutation);
    }
}
