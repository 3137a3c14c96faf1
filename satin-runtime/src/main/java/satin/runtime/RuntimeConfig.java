package satin.runtime;

import java.util.Objects;
import satin.runtime.spawn.SalvagedLookup;
import satin.runtime.spawn.ExternalWork;
import satin.runtime.timeline.Timeline;
import satin.trace.TraceRecorder;

/**
 * Configuration of one {@link SatinRuntime}: an explicit value, never global state.
 *
 * @param name            prefix of worker thread names (distinguishes runtimes in one JVM)
 * @param workers         number of worker threads, at least 1
 * @param inlineThreshold a spawn runs as a plain call when its worker already holds this many queued,
 *                        stealable records (0: every spawn inline; a huge value: every spawn queued)
 * @param externalWork    where idle workers look for work once every local deque is empty
 * @param trace           where to record the spawn tree, or {@code null} (the default) for no recording. When
 *                        recording, every spawn is queued (the inline threshold is ignored) so that every spawnable
 *                        call is a job of the tree, and the runtime runs a single root job; only for runtimes
 *                        confined to their JVM ({@link ExternalWork#NONE})
 * @param timeline        where the workers record what they do when ({@code satin run --trace}), or {@code null}
 *                        (the default): one track per worker, named after it
 * @param salvaged        results of orphan jobs for re-executions of lost work, or {@code null} (the default): the
 *                        runtime does not survive crashes of other nodes; see {@link satin.runtime.spawn.SalvagedLookup}
 * @param loopSplitting   whether a thief's demand is answered by splitting the worker's counted loops of spawns that
 *                        the rewriter made splittable (lazy loop splitting, see {@link satin.contract.LoopRange});
 *                        {@link #DEFAULT_LOOP_SPLITTING} unless set. It takes effect only where spawns are batched (an
 *                        inline threshold above 0, no trace) and the runtime does not survive crashes
 */
public record RuntimeConfig(String name, int workers, int inlineThreshold, ExternalWork externalWork,
                            TraceRecorder trace, Timeline timeline, SalvagedLookup salvaged, boolean loopSplitting) {

    /**
     * Default of {@link #inlineThreshold}: chosen with {@code satin bench spawn --inline-threshold ...}
     * (see the module README for the measurements).
     */
    public static final int DEFAULT_INLINE_THRESHOLD = 2;

    /**
     * Default of {@link #loopSplitting}: off until its cost on trees that need no help (UTS depth 12, about 6% with
     * it on) is gone; see docs/benchmarks/uts-t3-2026-12-03.md.
     */
    public static final boolean DEFAULT_LOOP_SPLITTING = false;

    public RuntimeConfig {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(externalWork, "externalWork");
        if (workers < 1) {
            throw new IllegalArgumentException("workers must be at least 1, got " + workers);
        }
        if (inlineThreshold < 0) {
            throw new IllegalArgumentException("inline threshold must be at least 0, got " + inlineThreshold);
        }
        if (trace != null && externalWork != ExternalWork.NONE) {
            throw new IllegalArgumentException("a trace records a single-JVM run: it cannot be combined with "
                    + "external work (work from or for other nodes)");
        }
    }

    /** A configuration with the default of {@link #loopSplitting}. */
    public RuntimeConfig(String name, int workers, int inlineThreshold, ExternalWork externalWork,
            TraceRecorder trace, Timeline timeline, SalvagedLookup salvaged) {
        this(name, workers, inlineThreshold, externalWork, trace, timeline, salvaged, DEFAULT_LOOP_SPLITTING);
    }

    /** A configuration that records no trace, no timeline and does not survive crashes of other nodes. */
    public RuntimeConfig(String name, int workers, int inlineThreshold, ExternalWork externalWork) {
        this(name, workers, inlineThreshold, externalWork, null, null, null);
    }

    /** A configuration that records no timeline and does not survive crashes of other nodes. */
    public RuntimeConfig(String name, int workers, int inlineThreshold, ExternalWork externalWork,
            TraceRecorder trace) {
        this(name, workers, inlineThreshold, externalWork, trace, null, null);
    }

    /** One worker per available processor, the default inline threshold, no external work. */
    public static RuntimeConfig defaults() {
        return new RuntimeConfig("satin", Runtime.getRuntime().availableProcessors(), DEFAULT_INLINE_THRESHOLD,
                ExternalWork.NONE);
    }

    public RuntimeConfig withName(String newName) {
        return new RuntimeConfig(newName, workers, inlineThreshold, externalWork, trace, timeline, salvaged,
                loopSplitting);
    }

    public RuntimeConfig withWorkers(int count) {
        return new RuntimeConfig(name, count, inlineThreshold, externalWork, trace, timeline, salvaged, loopSplitting);
    }

    public RuntimeConfig withInlineThreshold(int threshold) {
        return new RuntimeConfig(name, workers, threshold, externalWork, trace, timeline, salvaged, loopSplitting);
    }

    public RuntimeConfig withExternalWork(ExternalWork source) {
        return new RuntimeConfig(name, workers, inlineThreshold, source, trace, timeline, salvaged, loopSplitting);
    }

    /**
     * Survives crashes of other nodes: lost jobs can be requeued and their re-execution reuses {@code results}
     * ({@code null}: no fault tolerance). See {@link satin.runtime.spawn.SalvagedLookup}.
     */
    public RuntimeConfig withSalvagedResults(SalvagedLookup results) {
        return new RuntimeConfig(name, workers, inlineThreshold, externalWork, trace, timeline, results, loopSplitting);
    }

    /** Records the spawn tree into {@code recorder} ({@code null}: no recording). */
    public RuntimeConfig withTrace(TraceRecorder recorder) {
        return new RuntimeConfig(name, workers, inlineThreshold, externalWork, recorder, timeline, salvaged,
                loopSplitting);
    }

    /** Records every worker's jobs, waits and steals into {@code t} ({@code null}: no timeline). */
    public RuntimeConfig withTimeline(Timeline t) {
        return new RuntimeConfig(name, workers, inlineThreshold, externalWork, trace, t, salvaged, loopSplitting);
    }

    /** Answers thieves by splitting counted loops ({@code true}) or by a quota of queued spawns only. */
    public RuntimeConfig withLoopSplitting(boolean on) {
        return new RuntimeConfig(name, workers, inlineThreshold, externalWork, trace, timeline, salvaged, on);
    }
}
