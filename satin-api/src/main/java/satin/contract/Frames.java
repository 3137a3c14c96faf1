package satin.contract;

/**
 * The end of a sync, once every record of the frame has completed: exceptions first, then deliveries.
 *
 * <p>Semantics (the same on workers and off them): if any record failed, the exception of the oldest failed
 * record (in spawn order) is rethrown, with the exceptions of the other failed records attached as
 * suppressed; every failure is cleared as it is reported, so each is thrown once, and nothing is delivered.
 * Otherwise {@link InvocationRecord#deliver()} runs on every record, oldest first. An aborted record is neither
 * reported nor delivered, and not written either: it may still run elsewhere.
 */
final class Frames {

    private Frames() {
    }

    /** Finishes a completed frame given as a list linked oldest first. */
    static void finish(InvocationRecord oldestFirst) {
        Throwable first = null;
        for (InvocationRecord r = oldestFirst; r != null; r = r.next) {
            if (r.aborted) {
                // Discarded with its call, and left as it is: a sync does not wait for an aborted record, so another
                // worker may still be running it and about to read the Aborted it threw (to count it as stopped).
                continue;
            }
            Throwable t = r.failure;
            if (t != null) {
                r.failure = null;
                if (first == null) {
                    first = t;
                } else if (t != first) {
                    first.addSuppressed(t);
                }
            }
        }
        if (first != null) {
            throw Spawns.sneaky(first);
        }
        for (InvocationRecord r = oldestFirst; r != null; r = r.next) {
            if (r.hasResult()) {
                r.deliver();
            }
        }
    }

    /**
     * The next record of a frame whose call threw an exception for its inlet, or null: the first such record
     * found newest first; every record must be complete (off a worker, or on a worker after it waited).
     */
    static InvocationRecord readyForInlet(InvocationRecord frame) {
        for (InvocationRecord r = frame; r != null; r = r.next) {
            if (isForInlet(r)) {
                return r;
            }
        }
        return null;
    }

    /** Whether a completed record's exception is one for its inlet, not yet handed to it. */
    static boolean isForInlet(InvocationRecord r) {
        return r.inlet > 0 && r.failure != null && !r.aborted && !(r.failure instanceof Aborted);
    }

    /** Marks every record of the frame aborted (off a worker every call already ran: this discards results). */
    static void abortAll(InvocationRecord frame) {
        for (InvocationRecord r = frame; r != null; r = r.next) {
            r.aborted = true;
        }
    }

    /**
     * Sync on a thread that is not a worker: every spawn there ran inline, so every record is complete.
     */
    static void syncOffWorker(InvocationRecord frame) {
        InvocationRecord oldestFirst = null;
        for (InvocationRecord r = frame, older; r != null; r = older) {
            older = r.next;
            if (!r.isDone()) {
                throw new IllegalStateException("sync outside a Satin worker on a record that is still queued: "
                        + r.getClass().getName());
            }
            r.next = oldestFirst;
            oldestFirst = r;
        }
        finish(oldestFirst);
    }
}
