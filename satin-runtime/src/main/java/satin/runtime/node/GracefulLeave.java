package satin.runtime.node;

import java.io.IOException;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import satin.runtime.node.life.RunPhase;
import satin.runtime.node.recovery.CrashRecovery;
import satin.runtime.node.wire.Message;

/**
 * A non-master node leaves the run without losing anything ({@link SatinNode#leave()}: a SIGTERM handler, a test):
 * (1) it sends no new steal request, but runs the jobs it holds (those it stole, queued or running, and whatever a
 * steal request still in flight brings) and still lets thieves take its queued jobs, until it holds nothing of
 * another node ({@link RemoteStealing#holdsNothing}): every stolen job's result has been sent to its owner, every job
 * of its own out with a thief has come back; (2) it stops answering steal requests with jobs and checks that once
 * more; (3) it sends its statistics to the master and then LEAVING to every live node, and waits (bounded by the
 * timeout) until each has answered LEAVE_ACK: each node has then handled every message this one sent before, results
 * included (messages from one node arrive in order), and forgot it as a victim ({@code CrashRecovery.departed}); (4)
 * it leaves the pool. The registry's left event that follows finds the node gone already: no recovery round, nothing
 * run again. The master cannot leave (it runs {@code main}); a node that becomes master while leaving stays.
 * Threads: the leave runs on the node's own thread; LEAVING and
 * LEAVE_ACK are handled on the upcall thread, which only records and answers (a send only queues); the leaving node
 * waits on {@link #leaveAcks}' monitor, woken by each LEAVE_ACK and by every loss ({@link #wake}), bounded by the
 * run's timeout.
 */
final class GracefulLeave {

    private static final Logger log = LoggerFactory.getLogger(GracefulLeave.class);

    private final NodeRun run;
    private final RunStatistics statistics;
    /** Peers that answered this node's LEAVING. */
    private final Set<Integer> leaveAcks = ConcurrentHashMap.newKeySet();

    GracefulLeave(NodeRun run, RunStatistics statistics) {
        this.run = run;
        this.statistics = statistics;
    }

    /**
     * The graceful leave. Returns null when it was given up because the run ended meanwhile (DONE or a failure) or
     * this node became the master; else the outcome of a node that left.
     */
    SatinNode.Outcome leave() throws SatinNode.NodeFailure, IOException {
        NodeRun.Wired parts = run.wired();
        RemoteStealing remote = parts.remote();
        int self = run.self();
        run.phase.moveTo(RunPhase.LEAVING); // the stealing gate follows: no new steal requests, jobs still given
        log.info("{}: leaving the run: no more steal requests; finishing the jobs it holds", run.who());
        if (!awaitHoldsNothing(remote)) {
            return null;
        }
        run.phase.move(RunPhase.LEAVING, RunPhase.LEAVING_QUIET); // no jobs given either
        if (!awaitHoldsNothing(remote)) {
            return null;
        }
        run.started().runtime().close();
        if (!statistics.send(run.membership.master())) {
            log.warn("{}: the master is gone; leaving without sending the statistics", run.who());
        }
        run.stopRecovery(); // out of the run: the losses of others, the master's too, are no concern of this node
        Set<Integer> told = new HashSet<>();
        for (int peer : run.membership.victims()) {
            if (peer != self && remote.sendIfAlive(peer, new Message.Leaving(self))) {
                told.add(peer);
            }
        }
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(run.options.timeoutMillis());
        CrashRecovery crashes = parts.recovery();
        synchronized (leaveAcks) {
            while (!told.stream().allMatch(p -> leaveAcks.contains(p) || crashes.isDead(p))) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    log.warn("{}: not every node confirmed this node's leave within {} ms; leaving", run.who(),
                            run.options.timeoutMillis());
                    break;
                }
                try {
                    leaveAcks.wait(TimeUnit.NANOSECONDS.toMillis(left) + 1);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
        }
        log.info("{}: left the run gracefully", run.who());
        run.phase.moveTo(RunPhase.LEFT); // the registry's events from here on concern a run this node is out of
        return new SatinNode.Outcome(false, null, null, true);
    }

    /**
     * Waits until this node holds nothing of another node (see {@link RemoteStealing#holdsNothing}); false when the
     * run ended or this node became the master meanwhile. No bound: the jobs it holds run as long as they run (each
     * is finished, not given up); the check is repeated every millisecond.
     */
    private boolean awaitHoldsNothing(RemoteStealing remote) throws SatinNode.NodeFailure {
        while (!remote.holdsNothing()) {
            if (run.finished.isDone() || run.takeOver.isDone()) {
                return false;
            }
            if (Thread.currentThread().isInterrupted()) {
                run.fail(null, "interrupted while leaving");
                throw run.failure();
            }
            LockSupport.parkNanos(1_000_000L);
        }
        return !run.finished.isDone() && !run.takeOver.isDone();
    }

    /**
     * LEAVING from a node that leaves gracefully: every message it sent before (its results) was handled; it is
     * forgotten without recovery, and told so (LEAVE_ACK), from the upcall thread (sends never wait here).
     */
    void onLeaving(Message.Leaving m) throws IOException {
        int from = m.from();
        CrashRecovery crashes = run.recovery();
        if (crashes == null) {
            throw new IOException("LEAVING from node " + from + " in a run that does not survive crashes");
        }
        crashes.departed(from);
        statistics.wake(); // the master waits for the statistics of nodes still in the run only
        try {
            run.sendIfAlive(from, new Message.LeaveAck(run.self()));
        } catch (IOException e) {
            log.warn("{}: cannot confirm node {}'s leave: {}", run.who(), from, e.getMessage());
        }
    }

    void onLeaveAck(Message.LeaveAck a) {
        synchronized (leaveAcks) {
            leaveAcks.add(a.from());
            leaveAcks.notifyAll();
        }
    }

    /**
     * A node is gone: a leaving node waits for the LEAVE_ACKs of live nodes only (without this wake-up it waited out
     * the whole timeout, 60 s, when the run ended while it left: measured in bench faults (f)).
     */
    void wake() {
        synchronized (leaveAcks) {
            leaveAcks.notifyAll();
        }
    }
}
