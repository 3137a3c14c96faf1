package satin;

import java.io.Serializable;
import java.util.UUID;

/**
 * The base class of a <em>shared object</em>: an object of which every node of a run holds a replica, read locally
 * and changed only through <em>write methods</em>, the methods of its interfaces that extend
 * {@link WriteMethodsInterface}:
 * <pre>
 * interface BoundWrites extends satin.WriteMethodsInterface { void lower(int length); }
 *
 * class Bound extends satin.SharedObject implements BoundWrites {
 *     volatile int best = Integer.MAX_VALUE;          // read by jobs on every node
 *     public void lower(int length) {                  // a write method: applied on every replica
 *         if (length &lt; best) best = length;
 *     }
 * }
 * </pre>
 * A call of a write method runs on the local replica and on every other replica exactly once, in one order that is
 * the same on every node (the run's master orders them); it returns what it returned on the caller's replica, once
 * that replica has applied it, so the caller reads its own writes. Other methods are read methods and run locally. A
 * shared object passed as an argument of a spawnable call travels as a reference: the job runs with the replica of
 * the node that runs it. A spawnable method {@code m(args)} may have a <em>guard</em>, {@code boolean guard_m(args)}
 * in the same class: a job stolen by another node starts only once its guard holds there (the node waits for further
 * writes to arrive). See docs/programming-model.md, "Shared objects", for the guarantees.
 *
 * <p>Replication starts at the object's first {@link #exportObject()} or the first time a job holding it moves to
 * another node; writes before that stay local. Unrewritten (the sequential program), a write method is an ordinary
 * call and {@link #exportObject()} does nothing.
 *
 * <p>As in the original Satin, an object knows whether it is still local ({@link #isUnshared()}) and has a name that
 * all its replicas share ({@link #getObjectId()}).
 *
 * <p>Fields that read methods or jobs read while writes arrive should be {@code volatile} (or read under
 * {@code synchronized (this)}: writes are applied holding this object's monitor), as for any object that several
 * threads share.
 */
public class SharedObject implements Serializable {

    private static final long serialVersionUID = 1L;

    /** The name every replica shares: it travels with the object's state. Null in the sequential program. */
    private volatile String objectId;

    /** Whether replication has not started: cleared once, before the state that starts the replicas is taken. */
    private volatile boolean unshared = true;

    /**
     * Names the object when a runtime runs the calling thread, as the original named it at construction; in the
     * sequential program it stays without a name. A random name, so that objects made on different nodes never share
     * one without any coordination between them.
     */
    protected SharedObject() {
        if (Thread.currentThread() instanceof RuntimeThread) {
            objectId = "SO-" + UUID.randomUUID();
        }
    }

    /**
     * Whether this object is still local: true until {@link #exportObject()} is called on a runtime, or a job
     * holding it first moves to another node, or for a replica made from another node's object, never. While it is
     * local its write methods are applied here only. Always true in the sequential program (nothing is shared),
     * as in the original.
     */
    public final boolean isUnshared() {
        return unshared;
    }

    /**
     * The object's name, the same on every replica: {@code "SO-"} and a random UUID, given when the object was
     * constructed on a runtime's thread ({@code main} or a job); null for an object constructed elsewhere, as in the
     * sequential program.
     */
    public final String getObjectId() {
        return objectId;
    }

    /**
     * Marks the object as no longer local and returns its name. The runtime calls it when replication starts (the
     * original's generated code called it for every job holding the object); a program that calls it changes only
     * what {@link #isUnshared()} answers, not where writes go.
     */
    public final String getObjectIdAndSetNonlocal() {
        unshared = false;
        return objectId;
    }

    /**
     * Replicates this object on every node of the run now, instead of when a job holding it first moves: its state
     * as it is now is the start of every replica, and from here on its write methods are applied everywhere. Does
     * nothing without a runtime, on one node (where {@link #isUnshared()} turns false all the same, as in the
     * original), and when the object is already replicated (the original refused a second export; here it is
     * harmless). The rewriter replaces the call (as it replaces {@code sync()}); unrewritten it does nothing.
     */
    public void exportObject() {
        // Sequential semantics: there is one copy of the object.
    }
}
