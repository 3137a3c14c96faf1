package satin.runtime.node;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.IntPredicate;

/**
 * The answers to this node's DONE_QUERY messages: did a live node see the old master's DONE?
 *
 * <h2>Why</h2>
 * A master that dies after {@code main} returned may have sent DONE to some nodes only. The node that would run
 * {@code main} again (its successor) must not do so when any live node saw DONE: {@code main} ran to its end and
 * printed its answer, so a second run would print it again. Before it runs {@code main} again, the successor asks
 * every live node (DONE_QUERY); a node answers at once (DONE_ANSWER) whether it handled a DONE, and from whom. One
 * "seen" answer is enough: the successor adopts that DONE and forwards it to every live node instead of running
 * {@code main}. Without one, it waits until every node asked has answered or is gone, bounded by the caller's
 * deadline (a node that says nothing in time is slow or dying; {@code main} then runs again, as without DONE).
 *
 * <p>The same question confirms a DONE: messages from one node arrive in the order sent, so a DONE_QUERY sent after a
 * DONE is answered "seen" by a node that handled the DONE (the fault injection {@code --kill node0@done} uses this to
 * die only once its first DONE was surely out of its JVM).
 *
 * <h2>Threads</h2>
 * Answers arrive on the message upcall thread; the asker waits on this object's monitor, woken by each answer and by
 * {@link #wake} (a DONE arrived, a node died). Nothing else is guarded.
 */
final class DoneInquiry {

    /** One node's answer: whether it saw DONE; if so, the master that sent it and how long main ran. */
    record Answer(boolean seen, int doneFrom, long mainNanos) {
    }

    private final Map<Long, Map<Integer, Answer>> answers = new HashMap<>();
    private long lastId;

    /** A new question's id (echoed by the answers). */
    synchronized long next() {
        long id = ++lastId;
        answers.put(id, new HashMap<>());
        return id;
    }

    /** An answer from node {@code from} to question {@code id}; an answer to a question given up is ignored. */
    synchronized void answered(long id, int from, Answer answer) {
        Map<Integer, Answer> got = answers.get(id);
        if (got != null) {
            got.put(from, answer);
        }
        notifyAll();
    }

    /** Something the asker may be waiting for happened (a DONE arrived here, a node died). */
    synchronized void wake() {
        notifyAll();
    }

    /**
     * Waits until a node of {@code asked} answered "seen", until every one of them answered or {@code gone}, until
     * {@code over} holds, or until {@code boundMillis} passed, whichever comes first; then forgets the question.
     *
     * @return the first "seen" answer, or null
     */
    synchronized Answer await(long id, Set<Integer> asked, IntPredicate gone, BooleanSupplier over, long boundMillis)
            throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(boundMillis);
        try {
            while (true) {
                Map<Integer, Answer> got = answers.get(id);
                boolean all = true;
                for (int node : asked) {
                    Answer a = got.get(node);
                    if (a != null && a.seen()) {
                        return a;
                    }
                    all &= a != null || gone.test(node);
                }
                long left = deadline - System.nanoTime();
                if (all || over.getAsBoolean() || left <= 0) {
                    return null;
                }
                wait(TimeUnit.NANOSECONDS.toMillis(left) + 1);
            }
        } finally {
            answers.remove(id);
        }
    }
}
