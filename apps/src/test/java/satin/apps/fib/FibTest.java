package satin.apps.fib;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import satin.apps.common.MainRun;

class FibTest {

    @Test
    void satinAndSequentialVersionsGiveTheFibonacciNumbers() {
        long[] known = {0, 1, 1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144};
        for (int n = 0; n < known.length; n++) {
            assertEquals(known[n], Fib.compute(n), "fib(" + n + ")");
            assertEquals(known[n], SequentialFib.fib(n));
            assertEquals(known[n], SequentialFib.iterative(n));
        }
        assertEquals(SequentialFib.fib(24), Fib.compute(24));
        assertEquals(7540113804746346429L, SequentialFib.iterative(92));
    }

    @Test
    void mainReportsAPassedSelfCheck() throws Exception {
        MainRun run = MainRun.of(Fib.USAGE, 1, Fib::run, "20");
        assertEquals(0, run.status(), run.out() + run.err());
        assertTrue(run.out().contains("fib(20) = 6765"), run.out());
        assertTrue(run.out().contains("self-check passed"), run.out());
    }
}
