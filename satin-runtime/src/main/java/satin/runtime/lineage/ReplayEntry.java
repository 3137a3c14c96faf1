package satin.runtime.lineage;

import java.util.concurrent.atomic.AtomicReference;
import satin.contract.InvocationRecord;

/**
 * One spawn of interest in a {@link ReplayPlan}: its identity and what is known of it. Its state moves by
 * compare-and-set between the worker whose replay reaches the spawn ({@link #claim}) and the threads that learn
 * more: a result arriving ({@link #deliver}), or the node computing it dying ({@link #holderGone}).
 *
 * <pre>
 *   unknown ---deliver---> Outcome            pending(h) ---claim---> waiting(record, h)
 *   pending(h) --deliver--> Outcome           waiting --deliver--> Outcome (the caller completes the record)
 *   pending(h) --holderGone(h)--> unknown     waiting --holderGone(h)--> unknown (the caller reruns the record)
 * </pre>
 * The record a replay made for the spawn is completed by exactly one of these transitions, so its result reaches
 * its {@code sync()} once.
 */
public final class ReplayEntry {

    /** A result (or the exception) of the spawn, and the work it took where it ran. */
    public record Outcome(Object result, Throwable failure, long workNanos) {
    }

    private record Pending(int holder) {
    }

    private record Waiting(InvocationRecord record, int holder) {
    }

    private final PathKey key;
    private final long prefixHash;
    private final long digest;
    private final AtomicReference<Object> state = new AtomicReference<>();
    private volatile ReplayPlan sub;
    private volatile boolean reached;

    /** @param digest the arguments' {@link ArgumentDigest}, 0 when unknown */
    public ReplayEntry(PathKey key, long prefixHash, long digest) {
        this.key = key;
        this.prefixHash = prefixHash;
        this.digest = digest;
    }

    long digest() {
        return digest;
    }

    /** Whether a replay reached this spawn (used its result, waited for it, or ran it with its sub-plan). */
    public boolean reached() {
        return reached;
    }

    /** Whether a replay made a record wait for this spawn's result. */
    public boolean waiting() {
        return state.get() instanceof Waiting;
    }

    public PathKey key() {
        return key;
    }

    long prefixHash() {
        return prefixHash;
    }

    /** The plan for this spawn's own execution, when it must run and results below it are known. */
    public ReplayPlan sub() {
        return sub;
    }

    void sub(ReplayPlan plan) {
        this.sub = plan;
    }

    /** Node {@code holder} is computing the spawn and will send its result (unless something is known already). */
    public void pending(int holder) {
        state.compareAndSet(null, new Pending(holder));
    }

    /** The stored outcome, or null. */
    public Outcome outcome() {
        return state.get() instanceof Outcome o ? o : null;
    }

    /** The node computing the spawn, or -1 when none is known to. */
    public int holder() {
        Object s = state.get();
        return s instanceof Pending p ? p.holder : s instanceof Waiting w ? w.holder : -1;
    }

    /**
     * The replay reached the spawn with {@code record}: returns the outcome if known; if a node is computing it,
     * makes the record wait for that result and returns {@link #WAIT}; otherwise null (run it).
     */
    Object claim(InvocationRecord record) {
        reached = true;
        while (true) {
            Object s = state.get();
            if (s instanceof Outcome o) {
                return o;
            }
            if (s instanceof Pending p) {
                if (state.compareAndSet(s, new Waiting(record, p.holder))) {
                    return WAIT;
                }
                continue;
            }
            return null;
        }
    }

    static final Object WAIT = new Object();

    /**
     * The spawn's outcome arrived. Returns the record a replay made to wait for it (the caller completes it), or
     * null (kept for a replay that has not reached the spawn yet; a second outcome is ignored).
     */
    public InvocationRecord deliver(Outcome outcome) {
        while (true) {
            Object s = state.get();
            if (s instanceof Outcome) {
                return null;
            }
            if (state.compareAndSet(s, outcome)) {
                return s instanceof Waiting w ? w.record : null;
            }
        }
    }

    /**
     * Node {@code holder} is gone with its copy of the spawn. Returns the record a replay made to wait for it (the
     * caller must run it now), or null.
     */
    public InvocationRecord holderGone(int holder) {
        while (true) {
            Object s = state.get();
            if (s instanceof Pending p && p.holder == holder) {
                if (state.compareAndSet(s, null)) {
                    return null;
                }
                continue;
            }
            if (s instanceof Waiting w && w.holder == holder) {
                if (state.compareAndSet(s, null)) {
                    return w.record;
                }
                continue;
            }
            return null;
        }
    }

    @Override
    public String toString() {
        return key + " " + state.get();
    }
}
