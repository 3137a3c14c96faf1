package satin.runtime.node.steal;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import satin.runtime.node.life.Phase;
import satin.runtime.node.life.RunPhase;

/** The stealing gate is the run's phase seen from stealing, plus the program's pause: no state of its own. */
class GateTest {

    @Test
    void theGateFollowsALeaveThatIsGivenUpAndTheRunsEnd() {
        Phase phase = Phase.running();
        Gate gate = new Gate(phase);
        assertFalse(gate.stopped() || gate.leaving());
        assertTrue(phase.moveTo(RunPhase.LEAVING));
        assertTrue(gate.leaving(), "no new steal requests");
        assertFalse(gate.stopped(), "jobs are still given");
        assertTrue(phase.moveTo(RunPhase.LEAVING_QUIET));
        assertTrue(gate.stopped() && gate.leaving());
        assertTrue(phase.moveTo(RunPhase.MAIN), "the leaving node took over as master");
        assertFalse(gate.stopped() || gate.leaving(), "it steals again");
        assertTrue(phase.move(RunPhase.MAIN, RunPhase.MAIN_RETURNED));
        assertFalse(gate.stopped(), "until DONE is sent");
        assertTrue(phase.moveTo(RunPhase.ENDED));
        assertTrue(gate.stopped() && gate.leaving());
    }

    @Test
    void thePauseIsTheProgramsSwitchAndNoPhase() {
        Phase phase = Phase.running();
        Gate gate = new Gate(phase);
        gate.paused(true);
        assertTrue(gate.paused());
        assertFalse(gate.stopped());
        gate.paused(false);
        assertFalse(gate.paused());
        assertTrue(phase.moveTo(RunPhase.OVER));
        assertTrue(gate.stopped());
        assertFalse(gate.paused());
    }
}
