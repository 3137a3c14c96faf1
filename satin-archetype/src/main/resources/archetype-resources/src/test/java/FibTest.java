package ${package};

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The rewritten program (test classes are rewritten too) gives the sequential answer. */
class FibTest {

    @Test
    void theParallelResultIsTheSequentialOne() {
        Fib fib = new Fib();
        long result = fib.fib(25);
        fib.sync();
        assertEquals(Fib.sequential(25), result);
        assertEquals(75025, result);
    }
}
