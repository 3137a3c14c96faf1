package satin.runtime.trace;

import java.util.Arrays;
import java.util.function.LongSupplier;
import satin.trace.TraceRecorder;

/**
 * Measures each job's own compute time for a {@link TraceRecorder} on one worker thread: a job's own time is its
 * wall time minus the time the worker spent in other jobs it ran while this one was on its stack (jobs run from
 * inside {@code sync()}) and minus the time it waited with nothing to run ({@link #pause()} to
 * {@link #resume()}). One instance per worker; not thread-safe; primitive stacks, so no allocation per job.
 */
public final class JobTimer {
    private final TraceRecorder recorder;
    private final LongSupplier clock;
    private int[] ids = new int[64];
    private long[] starts = new long[64];
    private long[] excluded = new long[64];
    private int depth;
    private long pausedAt = -1;

    /** @param clock nanosecond clock, normally {@code System::nanoTime} */
    public JobTimer(TraceRecorder recorder, LongSupplier clock) {
        this.recorder = recorder;
        this.clock = clock;
    }

    /** The worker starts running job {@code id} (as returned by {@link TraceRecorder#onSpawn}). */
    public void started(int id) {
        if (depth == ids.length) {
            ids = Arrays.copyOf(ids, depth * 2);
            starts = Arrays.copyOf(starts, depth * 2);
            excluded = Arrays.copyOf(excluded, depth * 2);
        }
        ids[depth] = id;
        starts[depth] = clock.getAsLong();
        excluded[depth] = 0;
        depth++;
    }

    /** The id of the job this worker is running (the innermost started one), or -1 when it runs none. */
    public int currentJob() {
        return depth == 0 ? -1 : ids[depth - 1];
    }

    /** The worker's current job waits with nothing to run (e.g. in {@code sync()} for a stolen child). */
    public void pause() {
        if (pausedAt >= 0) {
            throw new IllegalStateException("already paused");
        }
        pausedAt = clock.getAsLong();
    }

    /** The wait begun by {@link #pause()} is over. */
    public void resume() {
        if (pausedAt < 0) {
            throw new IllegalStateException("resume without pause");
        }
        if (depth > 0) {
            excluded[depth - 1] += clock.getAsLong() - pausedAt;
        }
        pausedAt = -1;
    }

    /** The worker's current job returned with a result of {@code resultBytes}; records it. */
    public void ended(int resultBytes) {
        if (depth == 0) {
            throw new IllegalStateException("ended() without a started job");
        }
        long now = clock.getAsLong();
        depth--;
        long elapsed = now - starts[depth];
        recorder.onJobEnd(ids[depth], Math.max(0, elapsed - excluded[depth]), resultBytes);
        if (depth > 0) {
            excluded[depth - 1] += elapsed;
        }
    }
}
