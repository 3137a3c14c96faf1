package satin.runtime.node.steal;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import satin.runtime.node.loop.Confinement;

/**
 * The results this node most recently sent to each owner, kept in case the owner dies with the job that used them:
 * that job is lost with it and runs again, and these results spare the re-execution their work (the results sent just
 * before the owner died, while nobody knew yet, would otherwise be lost too).
 *
 * <h2>Bounds</h2>
 * At most {@link #PER_OWNER} results per owner and at most {@code budgetBytes} in all, counted as the size of the
 * RESULT message that carried each one (known once it was written; a result whose message is not written yet counts
 * nothing until then). Before the byte bound, a node whose stolen jobs returned 1 MB each kept up to 4,096 of them per
 * owner and ran out of memory at {@code -Xmx512m} (issue 31). When a bound bites, the oldest kept results are given up
 * (oldest first over all owners for the byte bound, the owner's oldest for the count): should their owner die later,
 * the work they stand for is done again by the re-execution instead of being reused. The results given up and their
 * bytes are counted ({@link #droppedResults}, {@link #droppedBytes}: the statistics' {@code keptDropped} and
 * {@code keptDroppedBytes}), and the first time the byte bound bites the node says so in one line.
 *
 * <h2>Threads</h2>
 * Owned by the node's protocol loop: every call but the counters' reads is a step of it (asserted). A worker that
 * sent a result does not keep it itself: it hands the entry over ({@link StealLedger#keep}, a post to the loop, which
 * never waits), and so does the peer's writer thread with the size of the RESULT message it wrote
 * ({@link StealLedger#sized}); the two steps may come in either order. Crash recovery takes an owner's results when
 * it dies ({@link #take}), on the loop too, so no monitor is needed. The counters are single-writer volatile fields,
 * read by the statistics from any thread.
 */
public final class KeptResults {

    private static final Logger log = LoggerFactory.getLogger(KeptResults.class);

    /** A job's outcome as its owner would have had it: the result or what it threw, and how long it ran. */
    public record Outcome(Object result, Throwable failure, long workNanos) {
    }

    /** The most results kept per owner. */
    static final int PER_OWNER = 4096;
    /** The byte bound by default: this share of the heap, within {@link #MIN_BUDGET} and {@link #MAX_BUDGET}. */
    static final int HEAP_SHARE = 16;
    static final long MIN_BUDGET = 4L << 20;
    static final long MAX_BUDGET = 256L << 20;

    /** One kept result; its size arrives from the thread that wrote its message. */
    final class Entry {
        final int owner;
        final long key;
        final Outcome outcome;
        private long bytes = -1; // the loop's
        private boolean kept; // the loop's: in the deques, counted in total once sized

        private Entry(int owner, long key, Outcome outcome) {
            this.owner = owner;
            this.key = key;
            this.outcome = outcome;
        }

        /** Its RESULT message was written: {@code size} bytes (a loop step). */
        void sized(long size) {
            assert loop.owns("a kept result sized");
            if (bytes >= 0) {
                return;
            }
            bytes = size;
            if (kept) {
                total += size;
                evictOverBudget();
            }
        }
    }

    private final long budgetBytes;
    private final Map<Integer, ArrayDeque<Entry>> byOwner = new HashMap<>();
    /** Every kept entry, in the order kept (identity: Entry keeps Object's equals). */
    private final java.util.LinkedHashSet<Entry> oldestFirst = new java.util.LinkedHashSet<>();
    private long total;
    /** Written by the loop only, read by the statistics from any thread. */
    private volatile long droppedResults;
    private volatile long droppedBytes;
    private boolean said;
    private volatile Confinement loop = Confinement.CALLER;

    public KeptResults(long budgetBytes) {
        this.budgetBytes = budgetBytes;
    }

    /** The node's protocol loop, which owns these results. Before the run. */
    void confine(Confinement loop) {
        this.loop = loop;
    }

    /** The byte bound for a JVM whose heap may grow to {@code maxHeapBytes}. */
    public static long budgetFor(long maxHeapBytes) {
        return Math.max(MIN_BUDGET, Math.min(MAX_BUDGET, maxHeapBytes / HEAP_SHARE));
    }

    /** A result about to be sent to {@code owner}: give {@link Entry#sized} to the send, then {@link #keep} it. */
    Entry entry(int owner, long key, Outcome outcome) {
        return new Entry(owner, key, outcome);
    }

    /** Keeps a result that was sent to its owner (a loop step). */
    void keep(Entry e) {
        assert loop.owns("a result kept");
        ArrayDeque<Entry> q = byOwner.computeIfAbsent(e.owner, k -> new ArrayDeque<>());
        if (q.size() == PER_OWNER) {
            drop(q.pollFirst());
        }
        q.addLast(e);
        oldestFirst.add(e);
        e.kept = true;
        if (e.bytes >= 0) {
            total += e.bytes;
            evictOverBudget();
        }
    }

    /** Removes and hands to {@code salvage} the results kept for {@code gone}, which is gone (a loop step). */
    void take(int gone, Consumer<Entry> salvage) {
        assert loop.owns("kept results taken");
        ArrayDeque<Entry> q = byOwner.remove(gone);
        if (q == null) {
            return;
        }
        List<Entry> taken = new ArrayList<>(q);
        for (Entry e : taken) {
            e.kept = false;
            oldestFirst.remove(e);
            total -= Math.max(0, e.bytes);
        }
        taken.forEach(salvage);
    }

    long droppedResults() {
        return droppedResults;
    }

    long droppedBytes() {
        return droppedBytes;
    }

    /** The bytes kept now (of the results whose size is known; a loop step, or a test's one thread). */
    long bytes() {
        return total;
    }

    private void evictOverBudget() {
        boolean bit = false;
        while (total > budgetBytes && !oldestFirst.isEmpty()) {
            Entry oldest = oldestFirst.iterator().next();
            byOwner.get(oldest.owner).removeFirstOccurrence(oldest); // its owner's oldest: at the head, found at once
            drop(oldest);
            bit = true;
        }
        if (bit && !said) {
            said = true;
            log.info("the results kept for a crash of their owners reached {} MB (a sixteenth of the heap): the oldest "
                    + "are given up; should their owner die, their work is done again instead of reused",
                    budgetBytes >> 20);
        }
    }

    private void drop(Entry e) {
        e.kept = false;
        oldestFirst.remove(e);
        droppedResults = droppedResults + 1; // one writer, the loop
        if (e.bytes >= 0) {
            total -= e.bytes;
            droppedBytes = droppedBytes + e.bytes;
        }
    }
}
