package satin.virtual;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The balance rules of {@link PreciseWait}: what is owed stays under one short wait, and it is paid. */
class PreciseWaitTest {
    @Test
    void aWaitTooShortToParkIsOwedAndPaidByTheNext() {
        PreciseWait w = new PreciseWait();
        long start = System.nanoTime();
        long balance = w.waitFrom(start, 60_000); // 60 us: owed, not parked
        assertTrue(balance > -(w.lateness() + PreciseWait.MIN_PARK_NANOS), "owed less than a lateness and one short wait: " + balance);
        long second = System.nanoTime();
        w.waitFrom(second, 2_000_000);
        long end = System.nanoTime();
        // The second wait lasted its own 2 ms plus what the first one owed (less what had passed in between).
        assertTrue(end - start >= 2_060_000 + w.balance(), "both waits were paid, less what is still owed: " + (end - start));
        assertTrue(w.balance() > -(w.lateness() + PreciseWait.MIN_PARK_NANOS), "balance " + w.balance());
    }

    @Test
    void manyWaitsAddUpToTheirSumUpToOneShortWait() {
        PreciseWait w = new PreciseWait();
        long start = System.nanoTime();
        long asked = 0;
        for (int i = 0; i < 200; i++) {
            long wait = i % 3 == 0 ? 30_000 : 400_000; // short ones owed, long ones parked
            w.waitFrom(System.nanoTime(), wait);
            asked += wait;
        }
        long elapsed = System.nanoTime() - start;
        assertTrue(elapsed >= asked + w.balance(), "elapsed " + elapsed + " for waits of " + asked + ", owing " + w.balance());
        assertTrue(w.balance() > -(w.lateness() + PreciseWait.MIN_PARK_NANOS), "owes less than a lateness and one short wait: " + w.balance());
    }

    @Test
    void aZeroWaitReturnsAtOnceAndOwesNothingNew() {
        PreciseWait w = new PreciseWait();
        long now = System.nanoTime();
        long b = w.waitFrom(now, 0);
        assertTrue(b >= 0, "nothing owed for a zero wait, only the time since start: " + b);
        assertEquals(b, w.balance());
    }

    @Test
    void latenessOfOneRunIsNotPaidBackByTheNext() {
        PreciseWait w = new PreciseWait();
        long start = System.nanoTime();
        // a wait that ended 20 ms late: its run would shorten its next waits by that much
        w.waitFrom(start - 20_000_000, 0, 1);
        assertTrue(w.balance() >= 20_000_000, "behind by the lateness: " + w.balance());
        long second = System.nanoTime();
        w.waitFrom(second, 5_000_000, 2); // another run's wait: all of it
        long took = System.nanoTime() - second;
        assertTrue(took >= 5_000_000 - PreciseWait.MAX_OWED_NANOS, "the new run waited its own 5 ms: " + took);
        long third = System.nanoTime();
        w.waitFrom(third - 20_000_000, 0, 2);
        w.waitFrom(System.nanoTime(), 5_000_000, 2); // the same run: the 20 ms are paid back, no wait at all
        assertTrue(w.balance() >= 14_000_000, "within a run the lateness is paid back: " + w.balance());
    }
}
