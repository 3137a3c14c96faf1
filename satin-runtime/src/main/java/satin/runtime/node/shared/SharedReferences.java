package satin.runtime.node.shared;

import java.io.IOException;
import java.io.UncheckedIOException;
import satin.SharedObject;
import satin.ipl.ObjectReferences;
import satin.runtime.node.wire.Codec;

/**
 * Shared objects travel as references, wherever they sit in a stolen job: an argument, an element of an array
 * argument, a field of an argument or of the job's target, an element of a collection. The IPL writes every
 * {@link SharedObject} of a message as the object's id ({@link ObjectReferences}: a Kryo serializer registered for
 * the shared-object classes of the run, in this node's own Kryo instances) and reads the id back as the reading
 * node's replica. So the job that runs on a thief reads and writes the thief's replica, and its writes reach every
 * replica, in the one order {@link SharedReplication} gives them.
 *
 * <h2>A job may arrive before its object's replica</h2>
 * A reference is read on the thief's upcall thread, which must not wait for the replica's CREATE to arrive (it may
 * come through the same thread). A steal request carries the number of shared-object updates the thief had applied
 * ({@link SharedReplication#position}); the victim knows the position of each object's CREATE in the total order
 * ({@link SharedReplication#createdAt}) once its own replica applied it. An object whose CREATE the thief has applied
 * travels as its id alone. Otherwise (the object is not replicated yet, and writing the job starts its replication;
 * or its CREATE is ordered after what the thief had applied) the id brings the CREATE's state along, and the thief
 * makes its replica from it ({@link SharedReplication#installReplica}); the CREATE, arriving later, finds the replica
 * and leaves it, and every write to the object is ordered after the CREATE, so the thief misses none and applies none
 * twice. A node that joined the running pool starts from the master's snapshot instead, so until that is installed
 * it gets no job holding a shared object ({@link NotThere}: the victim keeps the job and runs it itself). Every node
 * keeps each object's CREATE state for this (the memory of one more copy of each object's first state).
 *
 * <p>Only jobs carry shared objects: a result, an exception or a write method's argument holding one fails to
 * write with an error saying so (the spawner holds the object anyway).
 *
 * <p>Threads: {@link #write} runs on the thread writing a STEAL_REPLY (any thread, see {@code node.Peers}); what the
 * thief had applied is handed to it through a thread-local of this instance, set only around writing one job.
 */
public final class SharedReferences implements ObjectReferences, Codec.JobScope {

    /** A job holds a shared object, and the thief (a node that joined the run) has no snapshot yet: not written. */
    public static final class NotThere extends RuntimeException {
        private static final long serialVersionUID = 1L;

        NotThere(String message) {
            super(message, null, false, false);
        }
    }

    /** The replication of this node's run: set once the run's members are known, before any job moves. */
    private volatile SharedReplication replication;
    /** While a job is written on this thread: the updates its thief had applied (the limit of what it holds). */
    private final ThreadLocal<long[]> thiefApplied = new ThreadLocal<>();

    /** Starts resolving references against {@code shared} (the node's replicas). */
    public void attach(SharedReplication shared) {
        this.replication = shared;
    }

    /** What this node's steal requests tell the victim about its replicas ({@link SharedReplication#position}). */
    public long position() {
        SharedReplication r = replication;
        return r == null ? -1 : r.position();
    }

    /**
     * Runs {@code write}, which writes one job to a thief that had applied {@code applied} updates.
     *
     * @throws IOException from the write; one whose cause chain holds a {@link NotThere} when the job holds a shared
     *                     object the thief may not have yet (see {@link #notThere})
     */
    @Override
    public void write(long applied, Codec.IoAction write) throws IOException {
        thiefApplied.set(new long[] {applied});
        try {
            write.run();
        } finally {
            thiefApplied.remove();
        }
    }

    /** The {@link NotThere} a failed write of a job holds in its cause chain, or null. */
    public static NotThere notThere(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof NotThere n) {
                return n;
            }
        }
        return null;
    }

    @Override
    public Class<?> type() {
        return SharedObject.class;
    }

    @Override
    public Reference write(Object object) {
        SharedReplication r = replication;
        long[] limit = thiefApplied.get();
        if (r == null || limit == null) {
            throw new IllegalStateException("a shared object travels inside a job only (an argument, or within one), "
                    + "not in a result, an exception or a write method's argument: the node that spawned the job "
                    + "holds the object already");
        }
        if (limit[0] < 0) {
            throw new NotThere("the thief joined the running pool and has no replicas yet");
        }
        long id;
        try {
            id = r.register((SharedObject) object); // starts replicating it, if it is not yet
        } catch (IOException e) {
            throw new UncheckedIOException("shared object " + object.getClass().getName()
                    + " cannot be sent to the other nodes: " + e.getMessage(), e);
        }
        long created = r.createdAt(id);
        if (created != 0 && created <= limit[0]) {
            return new Reference(id, null); // the thief has the replica
        }
        byte[] initial = r.initialState(id);
        if (initial == null) { // this node started from a snapshot: it never saw the object's first state
            throw new NotThere("shared object " + id + " is not on the thief yet");
        }
        return new Reference(id, initial);
    }

    @Override
    public Object read(Reference reference, Class<?> type) {
        SharedReplication r = replication;
        SharedObject replica = r == null ? null : r.replicaHere(reference.id());
        if (replica != null) {
            return replica;
        }
        if (r == null || reference.attachment() == null) {
            throw new IllegalStateException("shared object " + reference.id() + " has no replica on this node");
        }
        try {
            return r.installReplica(reference.id(), reference.attachment(), "a job that brought it along");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
