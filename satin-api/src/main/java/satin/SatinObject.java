package satin;

import java.io.Serializable;

/**
 * Base class of every class that implements spawnable methods.
 *
 * <p>Unrewritten, {@link #sync()} does nothing and every spawnable call is an ordinary call, so the program
 * is a correct sequential Java program (with a runtime around, it says once that the class was not rewritten, see
 * {@code UnrewrittenSync}). The rewriter replaces each {@code sync()} call by a call into the
 * runtime that waits for all spawns of the calling method invocation.
 *
 * <p>It is {@link Serializable}, as in the original Satin: the object whose spawnable method is called travels with
 * a stolen job, and programs write such objects with Java serialization. The static methods ({@link #pause()},
 * {@link #resume()}, {@link #needMoreJobs()}, {@link #localJob()}, {@link #deepCopy}) are the original's too; each
 * has the sequential meaning when no runtime runs the calling thread.
 */
public abstract class SatinObject implements Serializable {

    private static final long serialVersionUID = 1L;

    protected SatinObject() {
    }

    /**
     * Pauses load balancing across nodes, for a long sequential part of the program: from here until
     * {@link #resume()}, no node of the run sends a steal request to another (this node at once, the others as soon
     * as the registry's signal reaches them), so the sequential part is not slowed by steal traffic. Workers of one
     * node still share their jobs. Without a runtime, and on a runtime confined to one JVM, it does nothing.
     */
    public static void pause() {
        if (Thread.currentThread() instanceof RuntimeThread t) {
            t.balancing(false);
        }
    }

    /** Resumes the load balancing that {@link #pause()} stopped, on every node; without a pause it does nothing. */
    public static void resume() {
        if (Thread.currentThread() instanceof RuntimeThread t) {
            t.balancing(true);
        }
    }

    /**
     * Whether it may be worth spawning more jobs: a cheap local estimate, not a count across the pool. True when the
     * run has more than one worker (in this JVM or on other nodes) and the calling worker holds fewer queued jobs than
     * its threshold for queuing spawns (the jobs other workers and nodes can take; at the threshold a spawn runs as a
     * plain call, see the root README). False without a runtime (the sequential program), on a single worker of a
     * single node, and when enough work is queued here.
     */
    public static boolean needMoreJobs() {
        return Thread.currentThread() instanceof RuntimeThread t && t.needMoreJobs();
    }

    /**
     * Whether the job the calling worker runs was spawned on this node: false for a job stolen from another node,
     * true for the jobs it spawns here, for {@code main} and without a runtime. A spawnable call that ran as a plain
     * call belongs to its caller's job.
     */
    public static boolean localJob() {
        return !(Thread.currentThread() instanceof RuntimeThread t) || t.localJob();
    }

    /**
     * A deep copy of {@code o}, made by Java serialization (every object reachable from it must be
     * {@link Serializable}; the error names the class of one that is not). The same with and without a runtime.
     */
    public static Serializable deepCopy(Serializable o) {
        return DeepCopy.of(o);
    }

    /**
     * Waits until every spawnable call made so far by the current method invocation has finished; from
     * here on their results are defined. An exception thrown by a spawned call is rethrown here.
     */
    public void sync() {
        // Sequential semantics: every spawnable call has already returned. Reached only from a class that was not
        // rewritten (or a static initializer), which a program run with a runtime should hear about.
        UnrewrittenSync.called();
    }

    /**
     * Cancels every spawnable call made so far by the current method invocation that has not finished, and
     * everything those calls spawned, wherever they run: still queued, running on another worker, or stolen by
     * another node. Cancelled calls stop at their next spawn or {@code sync()}; their results are discarded (their
     * destinations keep the values they had); a {@code sync()} after {@code abort()} does not wait for them. Usually
     * called from an inlet, once a speculative search has found what it looked for.
     *
     * <p>Unrewritten, every spawnable call has already returned, so there is nothing to cancel and this does
     * nothing.
     */
    public void abort() {
        // Sequential semantics: nothing is outstanding.
    }
}
