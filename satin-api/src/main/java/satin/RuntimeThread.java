package satin;

/**
 * What a runtime's worker threads answer for the original Satin's static methods of {@link SatinObject}
 * ({@code pause()}, {@code resume()}, {@code needMoreJobs()}, {@code localJob()}) and for
 * {@code satin.impl.Satin.getSatin()}: those ask the calling thread, and a thread that is not a
 * {@code RuntimeThread} (no runtime: the sequential program) gets the sequential answer. A runtime's workers
 * implement it (through {@code satin.contract.SpawnThread}); programs do not.
 */
public interface RuntimeThread {

    /** {@code pause()} ({@code on} false) or {@code resume()} ({@code on} true) on this thread. */
    void balancing(boolean on);

    /** {@code needMoreJobs()} on this thread: a cheap local estimate. */
    boolean needMoreJobs();

    /** {@code localJob()} on this thread: whether the job it runs was spawned on this node. */
    boolean localJob();
}
