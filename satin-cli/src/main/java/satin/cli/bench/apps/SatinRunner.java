package satin.cli.bench.apps;

import java.util.concurrent.Callable;

/** Runs the Satin version of an application with a given number of workers. */
public interface SatinRunner {

    /** Runs {@code satinVersion} (which spawns and syncs) on {@code workers} workers and returns its result. */
    Object run(Callable<?> satinVersion, int workers) throws Exception;

    /** Whether more than one worker really runs jobs in parallel. */
    boolean parallel();

    /** A short description for the report. */
    String describe();
}
