package satin.runtime;

import java.util.Objects;
import satin.runtime.lineage.Lineage;
import satin.runtime.spawn.ExternalWork;
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
 * @param lineage         job identities for surviving crashes of other nodes, or {@code null} (the default): see
 *                        {@link satin.runtime.lineage}; not with a trace
 */
public record RuntimeConfig(String name, int workers, int inlineThreshold, ExternalWork externalWork,
                            TraceRecorder trace, Lineage lineage) {

    /**
     * Default of {@link #inlineThreshold}: chosen with {@code satin bench spawn --inline-threshold ...}
     * (see the module README for the measurements).
     */
    public static final int DEFAULT_INLINE_THRESHOLD = 2;

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
        if (trace != null && lineage != null) {
            throw new IllegalArgumentException("a trace records a single-JVM run: it has no lineage");
        }
    }

    /** A configuration without lineage. */
    public RuntimeConfig(String name, int workers, int inlineThreshold, ExternalWork externalWork,
            TraceRecorder trace) {
        this(name, workers, inlineThreshold, externalWork, trace, null);
    }

    /** A configuration that records no trace. */
    public RuntimeConfig(String name, int workers, int inlineThreshold, ExternalWork externalWork) {
        this(name, workers, inlineThreshold, externalWork, null, null);
    }

    /** One worker per available processor, the default inline threshold, no external work. */
    public static RuntimeConfig defaults() {
        return new RuntimeConfig("satin", Runtime.getRuntime().availableProcessors(), DEFAULT_INLINE_THRESHOLD,
                ExternalWork.NONE);
    }

    public RuntimeConfig withName(String newName) {
        return new RuntimeConfig(newName, workers, inlineThreshold, externalWork, trace, lineage);
    }

    public RuntimeConfig withWorkers(int count) {
        return new RuntimeConfig(name, count, inlineThreshold, externalWork, trace, lineage);
    }

    public RuntimeConfig withInlineThreshold(int threshold) {
        return new RuntimeConfig(name, workers, threshold, externalWork, trace, lineage);
    }

    public RuntimeConfig withExternalWork(ExternalWork source) {
        return new RuntimeConfig(name, workers, inlineThreshold, source, trace, lineage);
    }

    /** Records the spawn tree into {@code recorder} ({@code null}: no recording). */
    public RuntimeConfig withTrace(TraceRecorder recorder) {
        return new RuntimeConfig(name, workers, inlineThreshold, externalWork, recorder, lineage);
    }

    /** Tracks job identities with {@code tracker} ({@code null}: no tracking). */
    public RuntimeConfig withLineage(Lineage tracker) {
        return new RuntimeConfig(name, workers, inlineThreshold, externalWork, trace, tracker);
    }
}
