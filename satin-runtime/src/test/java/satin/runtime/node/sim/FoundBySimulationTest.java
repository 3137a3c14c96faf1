package satin.runtime.node.sim;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The seeds that found bugs in the real recovery code, kept as regressions (the rules themselves are tested in
 * {@code node.recovery.SimulationFoundTest}): 23 and 78, a successor of the dead master that left before its takeover
 * (nobody ran main again); 7129, 8448 and 8828, ORPHANS that arrived after their sender was declared dead (a
 * re-execution waited for them forever); 22497, an orphan withdrawn by one death's round while another round announced
 * it (the announcement reached the peers after the withdrawal). One found a bug in the harness instead: 31096 (two
 * nodes, the master killed, a joiner killed before the survivor learned it had joined), registry events told out of
 * order (a joiner's died event before its joined event: ignored, then the joiner made a victim, and a steal request
 * to it waited forever), which the IPL's registry, one ordered stream of events per member, never does.
 */
@ExtendWith(QuietRecovery.class)
class FoundBySimulationTest {

    @ParameterizedTest
    @ValueSource(longs = {23, 78, 7129, 8448, 8828, 22497, 31096})
    void seedPasses(long seed) {
        Verdict v = new Simulation().run(seed, Mutation.NONE);
        assertTrue(v.passed(), v::toString);
    }
}
