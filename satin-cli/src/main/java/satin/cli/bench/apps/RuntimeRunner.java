package satin.cli.bench.apps;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import satin.runtime.RuntimeConfig;
import satin.runtime.SatinRuntime;

/**
 * Runs the Satin version on the workers of a {@link SatinRuntime} in this JVM. One runtime per worker count
 * is started on first use and kept for later rounds, so start-up is not part of any measured time.
 */
public final class RuntimeRunner implements SatinRunner, AutoCloseable {

    private final RuntimeConfig base;
    private final Map<Integer, SatinRuntime> runtimes = new TreeMap<>();

    /** Runtimes configured like {@code base}, with the worker count of each run. */
    public RuntimeRunner(RuntimeConfig base) {
        this.base = base;
    }

    @Override
    public synchronized Object run(Callable<?> satinVersion, int workers) throws Exception {
        SatinRuntime runtime = runtimes.computeIfAbsent(workers,
                n -> SatinRuntime.start(base.withWorkers(n).withName(base.name() + "-" + n)));
        return runtime.call(satinVersion);
    }

    @Override
    public boolean parallel() {
        return true;
    }

    @Override
    public String describe() {
        return "on a Satin runtime in this JVM (inline threshold " + base.inlineThreshold() + ")";
    }

    @Override
    public synchronized void close() {
        runtimes.values().forEach(SatinRuntime::close);
        runtimes.clear();
    }
}
