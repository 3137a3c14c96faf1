package satin.runtime.node.life;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class RunPhaseTest {

    /** The whole transition table, written out: a change to it is a change of the node's life cycle. */
    @Test
    void theAllowedTransitionsAreExactlyTheLifeCycle() {
        assertEquals(EnumSet.of(RunPhase.STARTING), RunPhase.NEW.next());
        assertEquals(EnumSet.of(RunPhase.RUNNING, RunPhase.OVER), RunPhase.STARTING.next());
        assertEquals(EnumSet.of(RunPhase.MAIN, RunPhase.LEAVING, RunPhase.OVER), RunPhase.RUNNING.next());
        assertEquals(EnumSet.of(RunPhase.MAIN_RETURNED, RunPhase.ENDED, RunPhase.OVER), RunPhase.MAIN.next());
        assertEquals(EnumSet.of(RunPhase.ENDED, RunPhase.OVER), RunPhase.MAIN_RETURNED.next());
        assertEquals(EnumSet.of(RunPhase.MAIN, RunPhase.LEAVING_QUIET, RunPhase.LEFT, RunPhase.OVER),
                RunPhase.LEAVING.next());
        assertEquals(EnumSet.of(RunPhase.MAIN, RunPhase.LEFT, RunPhase.OVER), RunPhase.LEAVING_QUIET.next());
        assertEquals(EnumSet.of(RunPhase.ENDED), RunPhase.OVER.next());
        assertEquals(Set.of(), RunPhase.ENDED.next());
        assertEquals(Set.of(), RunPhase.LEFT.next());
    }

    @Test
    void overPhasesAreReachedFromEveryLivePhaseAndNeverLeftForALivePhase() {
        for (RunPhase p : RunPhase.values()) {
            if (p.isOver()) {
                assertTrue(p.next().stream().allMatch(RunPhase::isOver), p + " leads to over phases only");
            } else if (p != RunPhase.NEW) {
                assertTrue(p.next().stream().anyMatch(RunPhase::isOver), p + " can end");
            }
        }
        assertEquals(EnumSet.of(RunPhase.ENDED, RunPhase.OVER, RunPhase.LEFT),
                EnumSet.copyOf(List.of(RunPhase.values()).stream().filter(RunPhase::isOver).toList()));
    }

    /** Stealing follows the phase (the gate keeps no state of its own): what each phase allows, both ways. */
    @Test
    void stealingAsksAndGivesAsThePhaseAllows() {
        for (RunPhase p : RunPhase.values()) {
            if (p.isOver()) {
                assertFalse(p.asksForWork() || p.givesWork(), p + ": the run is over here");
            }
            assertTrue(!p.asksForWork() || p.givesWork(), p + ": a node that asks for work gives work");
        }
        for (RunPhase p : EnumSet.of(RunPhase.RUNNING, RunPhase.MAIN, RunPhase.MAIN_RETURNED)) {
            assertTrue(p.asksForWork() && p.givesWork(), p.toString());
        }
        assertTrue(RunPhase.LEAVING.givesWork(), "a leaving node still gives the jobs it has");
        assertFalse(RunPhase.LEAVING.asksForWork(), "a leaving node asks for no more");
        assertFalse(RunPhase.LEAVING_QUIET.asksForWork() || RunPhase.LEAVING_QUIET.givesWork(), "a quiet leave");
        assertFalse(RunPhase.LEAVING_QUIET.isOver(), "a quiet leave may still be given up");
    }

    @Test
    void onlyARunningNodeWelcomesJoinersAndOnlyAfterItsRuntimeStarted() {
        for (RunPhase p : RunPhase.values()) {
            assertEquals(p.started() && !p.isOver(), p.welcomesJoiners(), p.toString());
        }
        assertFalse(RunPhase.STARTING.started());
    }

    @Test
    void aPhaseMovesOnlyAlongAllowedTransitions() {
        Phase phase = new Phase();
        assertFalse(phase.moveTo(RunPhase.MAIN), "NEW cannot run main");
        assertEquals(RunPhase.NEW, phase.get());
        assertTrue(phase.moveTo(RunPhase.STARTING));
        assertTrue(phase.moveTo(RunPhase.RUNNING));
        assertTrue(phase.moveTo(RunPhase.LEAVING));
        assertTrue(phase.moveTo(RunPhase.MAIN), "a leave given up: the node took over as master");
        assertFalse(phase.move(RunPhase.RUNNING, RunPhase.MAIN), "not in RUNNING");
        assertTrue(phase.move(RunPhase.MAIN, RunPhase.MAIN_RETURNED));
        assertFalse(phase.isOver());
        assertTrue(phase.moveTo(RunPhase.ENDED));
        assertTrue(phase.isOver());
        assertFalse(phase.moveTo(RunPhase.OVER), "ENDED is final");
        assertEquals(RunPhase.ENDED, phase.get());
        assertThrows(IllegalArgumentException.class, () -> phase.move(RunPhase.LEFT, RunPhase.RUNNING));
    }

    /** The master's main returning and its JVM's exit hook race to end the run: exactly one of them does. */
    @Test
    void ofTwoThreadsEndingTheRunExactlyOneSucceeds() throws Exception {
        for (int round = 0; round < 200; round++) {
            Phase phase = new Phase();
            phase.moveTo(RunPhase.STARTING);
            phase.moveTo(RunPhase.RUNNING);
            phase.moveTo(RunPhase.MAIN);
            CyclicBarrier start = new CyclicBarrier(2);
            AtomicInteger winners = new AtomicInteger();
            List<Thread> threads = new ArrayList<>();
            for (RunPhase target : List.of(RunPhase.MAIN_RETURNED, RunPhase.ENDED)) {
                Thread t = new Thread(() -> {
                    try {
                        start.await();
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                    if (phase.move(RunPhase.MAIN, target)) {
                        winners.incrementAndGet();
                    }
                });
                threads.add(t);
                t.start();
            }
            for (Thread t : threads) {
                t.join();
            }
            assertEquals(1, winners.get(), "round " + round);
        }
    }
}
