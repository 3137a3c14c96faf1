package satin.runtime.node.recovery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import satin.contract.InvocationRecord;

/** The table's own rules: copies of one orphan held by several nodes, and the bounded memory of misses. */
class SalvagedResultsTest {

    private static final long KEY = 42;


    /**
     * A job that went round a relay loop through the dead node can be announced by two nodes, or twice by one (it
     * holds two copies). A waiting record is handed back to run only when no copy is left: withdrawing one copy, or
     * losing one holder, must not make the re-execution run a call that another copy is about to deliver (traced in
     * issue 11: 1 s of work run again 300 ms before the other copy ended).
     */
    @Test
    void aPendingEntryIsForgottenOnlyWhenNoCopyIsLeft() {
        SalvagedResults table = new SalvagedResults();
        table.pending(KEY, 3);
        table.pending(KEY, 3); // node 3 holds two copies
        table.pending(KEY, 5);
        EmptyRecord waiting = new EmptyRecord();
        assertSame(SalvagedResults.PENDING, table.claim(KEY, waiting));
        assertTrue(table.abandon(KEY, 3).isEmpty(), "node 3 still holds a copy, node 5 one");
        assertTrue(table.holderGone(5).isEmpty(), "node 3 still holds a copy");
        assertTrue(table.abandon(KEY, 5).isEmpty(), "node 5 held nothing any more: no change");
        List<InvocationRecord> rerun = table.abandon(KEY, 3);
        assertEquals(List.of(waiting), rerun, "the last copy withdrawn: the waiting record runs after all");
        assertEquals(0, table.reused());
        assertEquals(0, table.waited());
        assertNull(table.claim(KEY, new EmptyRecord()), "the entry is gone: a later lookup finds nothing");
    }

    @Test
    void anOutcomeFromAnyCopyCompletesTheWait() {
        SalvagedResults table = new SalvagedResults();
        table.pending(KEY, 3);
        table.pending(KEY, 5);
        EmptyRecord waiting = new EmptyRecord();
        assertSame(SalvagedResults.PENDING, table.claim(KEY, waiting));
        assertTrue(table.holderGone(3).isEmpty());
        assertEquals(List.of(waiting), table.store(KEY, new SalvagedResults.Outcome(7L, null, 1_000)));
        assertTrue(table.holderGone(5).isEmpty(), "stored: a holder's death changes nothing");
        assertEquals(1, table.reused());
        assertEquals(1_000, table.reusedWorkNanos());
    }

    /**
     * A miss is remembered for the late-work statistic only, and only the most recent {@value
     * SalvagedResults#MISSED_KEPT}: a long re-execution in lookup mode misses once per spawn, which unbounded grew
     * without limit. A result stored for a forgotten miss is not counted late; one for a remembered miss is.
     */
    @Test
    void onlyTheMostRecentMissesAreRememberedForLateWork() {
        SalvagedResults table = new SalvagedResults();
        table.pending(-1, 9); // an unclaimed entry: the table is active, as during a re-execution
        for (long k = 0; k <= SalvagedResults.MISSED_KEPT; k++) { // one more than kept
            assertNull(table.claim(k, new EmptyRecord()));
        }
        table.store(0, new SalvagedResults.Outcome(1L, null, 5_000)); // the oldest miss: forgotten
        assertEquals(0, table.lateWorkNanos());
        table.store(SalvagedResults.MISSED_KEPT, new SalvagedResults.Outcome(1L, null, 7_000)); // the newest
        assertEquals(7_000, table.lateWorkNanos());
        table.store(1, new SalvagedResults.Outcome(1L, null, 11_000)); // the oldest one kept
        assertEquals(18_000, table.lateWorkNanos());
    }
}
