package satin.runtime.node.steal;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import satin.contract.InvocationRecord;
import satin.runtime.node.classes.ClassNames;
import satin.runtime.spawn.LocalWork;

/**
 * Jobs that cannot move to another node run where they are: the fallback for a class the registration list
 * ({@link SerializationClasses}) still misses.
 *
 * <p>Two moments can meet an unregistered class. A victim serializing a job for a thief: the job, already taken
 * from its worker's deque, is {@linkplain #keep kept} here and the thief is told there is no job. A thief sending a
 * result back: the owner is told to {@linkplain #keep run the job itself}, and keeps the record it still holds with
 * its original arguments (the call runs twice then, once where its result was lost: jobs are assumed to be free of
 * side effects outside their result, as for re-running the jobs of a crashed node). Kept jobs are handed to this
 * node's idle workers before any steal from another node ({@link #poll}), run like external jobs, and
 * {@linkplain #finished completed} for their owner's sync.
 *
 * <p>Why not agree on pool-wide ids for the missing class at run time instead: that needs a registry round trip
 * and a change of every node's Kryo instances while messages that use the ids are in flight, and opens the wire
 * to class names chosen by a peer. Running the job locally keeps the wire closed (only classes of the fixed list
 * ever travel), costs nothing on the common path, and loses only the parallelism of the jobs that hold such a
 * class. Each missing class is named once in a warning, as Java spells it, with the setting that fixes it.
 *
 * <p>Thread safety: the queue and the set are concurrent; {@link #keep} runs on upcall threads and never blocks.
 */
public final class UnshippableJobs {

    private static final Logger log = LoggerFactory.getLogger(UnshippableJobs.class);

    private final ConcurrentLinkedQueue<InvocationRecord> queue = new ConcurrentLinkedQueue<>();
    private final Set<InvocationRecord> kept = ConcurrentHashMap.newKeySet();
    private final Set<String> named = ConcurrentHashMap.newKeySet();
    private final AtomicLong count = new AtomicLong();
    private final String node;
    private final ClassLoader loader;

    public UnshippableJobs(String node, ClassLoader loader) {
        this.node = node;
        this.loader = loader;
    }

    /**
     * Keeps {@code job} to run on this node; {@code problem} is the serialization error that stopped it (its Kryo
     * message names the class).
     */
    void keep(InvocationRecord job, String problem, String where) {
        String missing = ClassNames.spellFromKryoMessage(problem, loader);
        if (named.add(missing)) {
            log.warn("{}: a job {} because class {} is not in the serialization list; such jobs run on the node that"
                    + " spawned them. To let them move, register it: satin run --register {} (plain java:"
                    + " -Dsatin.register={})", node, where, missing, missing, missing);
        }
        count.incrementAndGet();
        keepQuietly(job);
    }

    /**
     * Keeps {@code job} to run on this node without a warning: it could move, but not to that thief yet (the thief
     * may lack a replica of a shared object the job holds: {@link SharedReferences}).
     */
    void keepQuietly(InvocationRecord job) {
        kept.add(job);
        queue.add(job);
    }

    /** A kept job for an idle worker of this node, or null. */
    InvocationRecord poll() {
        return queue.poll();
    }

    /**
     * If {@code record} is a kept job, completes it for its owner and returns true. The worker that ran it has
     * already stored the result and marked it done; completing it through the pool wakes a parked owner (it writes
     * the same result and failure again, which the owner, done or not, reads the same way).
     */
    boolean finished(InvocationRecord record, Throwable failure, LocalWork pool) {
        if (!kept.remove(record)) {
            return false;
        }
        pool.completeExported(record, failure == null ? record.boxedResult() : null, failure);
        return true;
    }

    /** How many jobs ran here because they could not move. */
    long count() {
        return count.get();
    }
}
