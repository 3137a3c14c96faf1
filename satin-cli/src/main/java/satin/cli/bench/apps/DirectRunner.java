package satin.cli.bench.apps;

import java.util.concurrent.Callable;

/**
 * Calls the Satin version on the current thread. Without a runtime every spawn runs inline (unrewritten
 * classes: an ordinary call; rewritten classes: {@code Spawns.inline()} is true outside a worker), so this
 * measures the cost of the Satin version's code shape, not parallelism.
 */
public final class DirectRunner implements SatinRunner {

    @Override
    public Object run(Callable<?> satinVersion, int workers) throws Exception {
        return satinVersion.call();
    }

    @Override
    public boolean parallel() {
        return false;
    }

    @Override
    public String describe() {
        return "called directly on the current thread (no Satin runtime)";
    }
}
