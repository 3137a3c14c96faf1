package satin.rewriter.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import satin.rewriter.Rewriter;

/** The agent's options: {@code -javaagent:satin-rewriter.jar=split-loops}. */
class SatinAgentOptionsTest {

    @Test
    void noOptionsKeepTheRewritersDefault() {
        assertEquals(Rewriter.SPLIT_LOOPS_DEFAULT, SatinAgent.splitLoops(null));
        assertEquals(Rewriter.SPLIT_LOOPS_DEFAULT, SatinAgent.splitLoops(""));
    }

    @Test
    void splitLoopsTurnsLoopSplittingOn() {
        assertTrue(SatinAgent.splitLoops("split-loops"));
        assertTrue(SatinAgent.splitLoops(" split-loops ,"));
    }

    @Test
    void anUnknownOptionIsAnErrorThatNamesIt() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> SatinAgent.splitLoops("split-lops"));
        assertTrue(e.getMessage().contains("'split-lops'"), e.getMessage());
        assertFalse(e.getMessage().isBlank());
    }
}
