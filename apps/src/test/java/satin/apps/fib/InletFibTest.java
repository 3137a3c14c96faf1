package satin.apps.fib;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import satin.runtime.RuntimeConfig;
import satin.runtime.SatinRuntime;

/** Fib with every spawn under an inlet (the benchmark's variant) computes Fib, off workers and on them. */
class InletFibTest {

    @Test
    void computesFibonacciOffAndOnWorkers() throws Exception {
        assertEquals(6765, new InletFib().fib(20));
        for (int threshold : List.of(2, Integer.MAX_VALUE)) {
            try (SatinRuntime runtime = SatinRuntime.start(RuntimeConfig.defaults().withWorkers(2)
                    .withInlineThreshold(threshold))) {
                assertEquals(6765L, runtime.call(() -> {
                    InletFib f = new InletFib();
                    long r = f.fib(20);
                    f.sync();
                    return r;
                }));
            }
        }
    }
}
