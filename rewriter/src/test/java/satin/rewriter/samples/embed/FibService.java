package satin.rewriter.samples.embed;

import java.util.concurrent.CompletableFuture;
import satin.runtime.RuntimeConfig;
import satin.runtime.SatinRuntime;

/** Keeps one runtime and runs a computation on it per request. It has no main, so nothing else starts a runtime. */
public final class FibService implements AutoCloseable {

    private final SatinRuntime satin = SatinRuntime.start(RuntimeConfig.defaults());

    /** Returns at once; the future completes with what the call returns or throws. */
    public CompletableFuture<Long> fib(int n) {
        return satin.submit(() -> {
            Fib fib = new Fib();
            long result = fib.fib(n);   // spawned: the lambda is rewritten like any method
            fib.sync();
            return result;
        });
    }

    @Override
    public void close() {
        satin.close();                 // stops the workers once they are idle
    }
}
