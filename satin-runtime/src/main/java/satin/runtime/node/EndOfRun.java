package satin.runtime.node;

import java.io.IOException;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import satin.ipl.Node;
import satin.runtime.node.life.RunPhase;
import satin.runtime.node.recovery.CrashRecovery;
import satin.runtime.node.wire.Message;

/**
 * The end of the run: DONE, sent by the node that ran {@code main} to its end and forwarded by the node that reports
 * for it when it died afterwards, and the DONE inquiry ({@link DoneInquiry}: did a live node see the old master's DONE?)
 * that a master's successor makes before it would run {@code main} again. Threads: DONE, DONE_QUERY and DONE_ANSWER
 * are handled on the upcall thread, which only records and answers (a send only queues); the asking, the sending of
 * DONE to every node and the waits for answers run on the node's own thread (or the JVM's exit hook), each bounded.
 * {@link #doneFrom} and {@link #mainNanosAtDone} are written before the phase says the run is over, so a reader that
 * sees it over reads them.
 */
final class EndOfRun {

    private static final Logger log = LoggerFactory.getLogger(EndOfRun.class);
    /** The longest a recovery round waits for orphan announcements, and a successor for DONE_ANSWERs (within the timeout). */
    static final long ROUND_MILLIS = 2_000;

    private final NodeRun run;
    /** The answers to this node's DONE_QUERY messages. */
    private final DoneInquiry inquiry = new DoneInquiry();
    /** How long the master's {@code main} ran, from DONE (forwarded when the master died after sending it). */
    private volatile long mainNanosAtDone = -1;
    /** The master that ran {@code main} to its end, as DONE names it (-1 before DONE). */
    private volatile int doneFrom = -1;
    /** When {@code main} started here, for {@link #endRunAtExit}. */
    private volatile long mainStartedNanos;
    /** Fault injection: run once the master has sent its first DONE ({@link SatinNode#afterFirstDone}). */
    private volatile Runnable afterFirstDone;

    EndOfRun(NodeRun run) {
        this.run = run;
    }

    void afterFirstDone(Runnable hook) {
        afterFirstDone = hook;
    }

    /** {@code main} starts here now ({@link System#nanoTime()}). */
    void mainStarted(long nanos) {
        mainStartedNanos = nanos;
    }

    long mainNanosAtDone() {
        return mainNanosAtDone;
    }

    int doneFrom() {
        return doneFrom;
    }

    /** Something an inquiry may wait for happened (a node died). */
    void wake() {
        inquiry.wake();
    }

    /** DONE (upcall thread): the run is over; a loss from now on is only noted (no takeover, no round). */
    void onDone(Message.Done d) {
        doneFrom = d.master();
        mainNanosAtDone = d.mainNanos();
        run.phase.moveTo(RunPhase.OVER);
        run.stopRecovery();
        run.finished.complete(null);
        inquiry.wake();
    }

    /** DONE_QUERY: answers at once whether this node handled a DONE, from the upcall thread (one small message). */
    void onDoneQuery(Message.DoneQuery m) throws IOException {
        int master = doneFrom;
        long mainNanos = mainNanosAtDone;
        run.sendIfAlive(m.from(), new Message.DoneAnswer(run.self(), m.id(), master >= 0, master, mainNanos));
    }

    void onDoneAnswer(Message.DoneAnswer a) {
        inquiry.answered(a.id(), a.from(), new DoneInquiry.Answer(a.seen(), a.doneFrom(), a.mainNanos()));
    }

    /**
     * The master ends the run once {@code main} returned: no more recovery or steal requests, then DONE to every live
     * node (the member ranking last first when a fault is injected after the first DONE, so that the successor learns
     * of DONE from another node).
     */
    void sendDone(long mainNanos) throws IOException {
        int self = run.self();
        mainNanosAtDone = mainNanos;
        doneFrom = self;
        // ENDED before the snapshot of the victims: a joiner made a victim after it is sent DONE by its welcome thread
        run.phase.moveTo(RunPhase.ENDED);
        run.stopRecovery();
        run.wired().remote().stop();
        List<Integer> order = new java.util.ArrayList<>(run.membership.victims());
        if (afterFirstDone != null) {
            order.sort(run.membership.rankOrder().reversed()); // my successor last
        }
        for (int i : order) {
            if (i != self && run.sendIfAlive(i, new Message.Done(self, self, mainNanos))) {
                Runnable hook = afterFirstDone;
                afterFirstDone = null;
                if (hook != null) {
                    confirmDone(i, run.options.timeoutMillis());
                    hook.run();
                }
            }
        }
    }

    /**
     * The program ends the run here while this node runs {@code main} (its JVM exits): see
     * {@link SatinNode#endRunAtExit}. Ends the run only if this node runs {@code main} and nothing else ended it.
     */
    boolean endRunAtExit(long boundMillis) {
        NodeRun.Wired parts = run.wired();
        if (parts == null) {
            return false;
        }
        int self = run.self();
        long mainNanos = System.nanoTime() - mainStartedNanos;
        if (!run.phase.move(RunPhase.MAIN, RunPhase.ENDED)) {
            return false; // main returned (the node ends the run itself), or the run is over
        }
        mainNanosAtDone = mainNanos;
        doneFrom = self;
        run.stopRecovery();
        parts.remote().stop();
        log.info("{}: the program exits while main runs here: ending the run", run.who());
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(boundMillis);
        List<Integer> told = new java.util.ArrayList<>();
        for (int i : run.membership.victims()) {
            try {
                if (i != self && run.sendIfAlive(i, new Message.Done(self, self, mainNanos))) {
                    told.add(i);
                }
            } catch (IOException e) {
                log.debug("{}: cannot send DONE to node {}: {}", run.who(), i, e.getMessage());
            }
        }
        for (int i : told) {
            long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
            if (left <= 0) {
                break;
            }
            confirmDone(i, left);
        }
        Node node = parts.node();
        NodeRun.terminateQuietly(node);
        // the termination request is only queued: the JVM must not halt before the registry has handled it, or the
        // others would see this node die instead of the pool end (bounded by what is left of the bound)
        try {
            node.registry().waitUntilTerminated(Math.max(0, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
        } catch (IOException e) {
            log.debug("{}: the registry went away before it confirmed the end of the pool: {}", run.who(),
                    e.getMessage());
        }
        return true;
    }

    /**
     * Waits until node {@code to} confirms that it handled this node's DONE (its answer to a DONE_QUERY sent after the
     * DONE), bounded by {@code boundMillis}, so that a master about to die has its DONE surely out of its JVM (a send
     * only queues the message).
     */
    private void confirmDone(int to, long boundMillis) {
        long id = inquiry.next();
        try {
            run.sendIfAlive(to, new Message.DoneQuery(run.self(), id));
            if (inquiry.await(id, Set.of(to), run::isDead, () -> false, boundMillis) == null) {
                log.warn("{}: {} did not confirm DONE within {} ms", run.who(), run.location(to), boundMillis);
            }
        } catch (IOException e) {
            log.warn("{}: cannot ask {} to confirm DONE: {}", run.who(), run.location(to), e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Whether node {@code to} has handled everything this node sent it so far: it answers a DONE_QUERY sent now (one
     * link, in order, one upcall thread there) within {@code boundMillis}. Asked again each second, so that the death
     * of {@code to} (seen when a send to it fails) ends the wait; false then, or when the bound passed.
     */
    boolean handledSoFar(int to, long boundMillis) {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(boundMillis);
        try {
            while (!run.isDead(to) && deadline - System.nanoTime() > 0) {
                long id = inquiry.next();
                try {
                    run.sendIfAlive(to, new Message.DoneQuery(run.self(), id));
                } catch (IOException e) {
                    log.debug("{}: cannot ask {}: {}", run.who(), run.location(to), e.getMessage());
                }
                long slice = Math.min(1_000, Math.max(0, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
                if (inquiry.await(id, Set.of(to), run::isDead, () -> false, slice) != null) {
                    return true;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return false;
    }

    /**
     * Before this node runs {@code main} again (the master {@code oldMaster} died and this node succeeds it): asks
     * every live node whether it saw DONE, waiting at most {@link #ROUND_MILLIS} (bounded by the run's timeout) for the
     * answers. When one did, or the DONE arrives here meanwhile, this node adopts it (the run is over: the run's
     * {@code finished} completes) and returns true; the caller then ends the run as the node reporting for a master
     * that died after {@code main} returned, forwarding DONE to every live node. False: nobody saw DONE, {@code main}
     * must run again.
     */
    boolean learnedDone(int oldMaster) throws SatinNode.NodeFailure {
        int self = run.self();
        CrashRecovery crashes = run.recovery();
        long id = inquiry.next();
        Set<Integer> asked = new HashSet<>();
        for (int i : run.membership.victims()) {
            if (i == self || crashes.isDead(i)) {
                continue;
            }
            try {
                if (run.sendIfAlive(i, new Message.DoneQuery(self, id))) {
                    asked.add(i);
                }
            } catch (IOException e) {
                log.debug("{}: cannot ask node {} about DONE: {}", run.who(), i, e.getMessage());
            }
        }
        DoneInquiry.Answer answer;
        try {
            answer = inquiry.await(id, asked, crashes::isDead, run.finished::isDone,
                    Math.min(run.options.timeoutMillis(), ROUND_MILLIS));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            run.fail(e, "interrupted while asking whether the run was over");
            throw run.failure();
        }
        if (run.finished.isDone()) {
            return true; // DONE arrived here meanwhile, or the run failed: the caller sees which
        }
        if (answer == null) {
            log.info("{}: none of {} saw the DONE of the master ({})", run.who(),
                    asked.stream().map(run::location).toList(), run.location(oldMaster));
            return false;
        }
        log.warn("{}: the master ({}) died after main returned (another node saw its DONE): ending the run "
                + "instead of running main again", run.who(), run.location(answer.doneFrom()));
        doneFrom = answer.doneFrom();
        mainNanosAtDone = answer.mainNanos();
        run.phase.moveTo(RunPhase.OVER);
        run.stopRecovery();
        run.finished.complete(null);
        return true;
    }

    /**
     * The master died after {@code main} returned, this node knows its DONE (handled it, or learned it by asking:
     * {@link #learnedDone}) and is now the node that reports the run (the live node ranking first): tells every other
     * live node, since the master may have died before its DONE reached them all. Only this one node forwards (the
     * others that saw DONE just answer its questions), so the nodes without DONE end once, from one sender. Sent from
     * the thread that ran the node (no upcall thread).
     */
    void forwardDone() {
        int deadMaster = doneFrom;
        long mainNanos = mainNanosAtDone;
        int self = run.self();
        log.info("{}: the master ({}) died after main returned: telling the others the run is over", run.who(),
                run.location(deadMaster));
        for (int i : run.membership.victims()) {
            if (i != self && i != deadMaster) {
                try {
                    run.sendIfAlive(i, new Message.Done(self, deadMaster, mainNanos)); // names who ran main
                } catch (IOException e) {
                    log.debug("{}: cannot forward DONE to node {}: {}", run.who(), i, e.getMessage());
                }
            }
        }
    }
}
