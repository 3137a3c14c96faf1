package satin.runtime.node.wire;

import satin.runtime.node.report.NodeStatistics;

/**
 * Every message between the nodes of a run, one record each; {@link Codec} writes and reads all of them. Each names
 * the node that sent it ({@link #from}, its number in the pool). Who sends which, and what the receiver does with it,
 * is in the protocol table of satin-runtime/README.md; each record's comment says it in short.
 */
public sealed interface Message {

    /** The number of the node that sent this message. */
    int from();

    /**
     * A thief asks for a job. {@code synchronous}: its worker waits for the reply (RS, CRS's local steals), else it is
     * CRS's wide-area request. {@code sharedApplied}: the shared-object updates the thief had applied (-1: none yet,
     * a node that joined the running pool); {@code inSync}: the asking worker waits in a sync (it gets no
     * re-execution of lost work).
     */
    record StealRequest(int from, long requestId, boolean synchronous, long sharedApplied, boolean inSync)
            implements Message {
    }

    /** The victim's answer to a {@link StealRequest}: the job it ships, or null when it has none to give. */
    record StealReply(int from, long requestId, boolean synchronous, ShippedJob job) implements Message {
    }

    /** A thief, or a relay, returns the outcome of job {@code jobId} to the node it came from. */
    record Result(int from, long jobId, Outcome outcome) implements Message {
    }

    /**
     * The run is over: {@code master} ran {@code main} to its end in {@code mainNanos}. From the master to every
     * node; when the master died after sending some, forwarded by the node that reports the run in its place.
     */
    record Done(int from, int master, long mainNanos) implements Message {
    }

    /** A node's statistics, to the node that reports the run, after DONE (or before it leaves gracefully). */
    record Statistics(int from, NodeStatistics statistics) implements Message {
    }

    /** Before the run's clock starts, to every peer; from an older member to a joiner, its welcome. */
    record Warmup(int from) implements Message {
    }

    /** Node {@code dead} is gone: the identities of the jobs from it that the sender runs (its orphans). */
    record Orphans(int from, int dead, long[] keys) implements Message {
        public Orphans {
            keys = keys.clone();
        }

        @Override
        public long[] keys() {
            return keys.clone();
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Orphans other && other.from == from && other.dead == dead
                    && java.util.Arrays.equals(other.keys, keys);
        }

        @Override
        public int hashCode() {
            return 31 * (31 * from + dead) + java.util.Arrays.hashCode(keys);
        }

        @Override
        public String toString() {
            return "Orphans[from=" + from + ", dead=" + dead + ", keys=" + java.util.Arrays.toString(keys) + "]";
        }
    }

    /**
     * The outcome of an orphan (a job whose owner is gone) with identity {@code key}, which ran {@code workNanos} on
     * the sender; to every live node. {@link Outcome.Rerun}: the sender will not deliver it after all.
     */
    record Salvage(int from, long key, long workNanos, Outcome outcome) implements Message {
    }

    /** The owner of job {@code jobId} aborted it: the thief cancels it. Handled at once on arrival (express). */
    record Abort(int from, long jobId) implements Message {
    }

    /** A shared-object update, to the master, which orders it. */
    record SharedSubmit(int from, SharedUpdate update) implements Message {
    }

    /** An update the master ordered (or, to a joiner, the master's snapshot of every replica), in sequence order. */
    record SharedOrdered(int from, SharedUpdate update) implements Message {
    }

    /** A node that leaves gracefully, to every live node, after its last RESULT to it. */
    record Leaving(int from) implements Message {
    }

    /** The answer to {@link Leaving}: everything the leaving node sent before was handled. */
    record LeaveAck(int from) implements Message {
    }

    /** Did you see DONE? Asked by the node about to run {@code main} again after the master's death. */
    record DoneQuery(int from, long id) implements Message {
    }

    /** The answer to {@link DoneQuery} {@code id}: whether the sender saw DONE, from whom, and how long main ran. */
    record DoneAnswer(int from, long id, boolean seen, int doneFrom, long mainNanos) implements Message {
    }

    /** A node that joined the running pool, to the master: send me the replicas, then every update. */
    record SharedJoin(int from) implements Message {
    }
}
