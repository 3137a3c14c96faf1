package satin.runtime.node;

import java.io.IOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import satin.ipl.Node;
import satin.runtime.SatinRuntime;
import satin.runtime.node.life.RunPhase;

/**
 * The node's own thread from the start of its runtime to the end of its run: as the master ({@link #runMaster}: run
 * {@code main}, end the run, collect the statistics) or as any other node ({@link #runWorker}: serve and steal until
 * DONE, take over from a dead master, or leave). Every wait is bounded by the run's timeout but the wait for the end
 * of the run (see {@link SatinNode}, "Waits"); the phase moves along {@link RunPhase}'s transitions only.
 */
final class Roles {

    private static final Logger log = LoggerFactory.getLogger(Roles.class);

    private final NodeRun run;
    private final EndOfRun end;
    private final RunStatistics statistics;
    private final GracefulLeave leaving;

    Roles(NodeRun run, EndOfRun end, RunStatistics statistics, GracefulLeave leaving) {
        this.run = run;
        this.end = end;
        this.statistics = statistics;
        this.leaving = leaving;
    }

    /**
     * Runs {@code main} (again, in lookup mode, when {@code again}: this node took over from a master that died), then
     * ends the run: DONE to every live node, their statistics, the pool's termination.
     */
    SatinNode.Outcome runMaster(Class<?> mainClass, String[] args, boolean again) throws SatinNode.NodeFailure, IOException {
        NodeRun r = run;
        NodeRun.Started s = r.started();
        SatinRuntime runtime = s.runtime();
        long start = s.startNanos();
        CompletableFuture<Throwable> main = new CompletableFuture<>();
        end.mainStarted(start);
        r.phase.moveTo(RunPhase.MAIN);
        Thread runner = new Thread(() -> {
            try {
                if (again) {
                    runtime.runMainAgain(mainClass, args);
                } else {
                    runtime.runMain(mainClass, args);
                }
                r.phase.move(RunPhase.MAIN, RunPhase.MAIN_RETURNED);
                main.complete(null);
            } catch (Throwable t) {
                r.phase.move(RunPhase.MAIN, RunPhase.MAIN_RETURNED);
                main.complete(t);
            }
        }, run.options.nodeName() + "-main");
        runner.setDaemon(true);
        runner.start();
        try {
            CompletableFuture.anyOf(main, r.finished).get(); // unbounded by nature: see SatinNode, "Waits"
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            r.fail(e, "interrupted while main ran");
        } catch (java.util.concurrent.ExecutionException e) {
            // finished failed: handled below
        }
        long mainNanos = System.nanoTime() - start;
        if (r.finished.isCompletedExceptionally()) {
            NodeRun.terminateQuietly(r.wired().node());
            throw r.failure();
        }
        end.sendDone(mainNanos);
        runtime.close();
        return statistics.collect(mainNanos, main.join(), run.options.location());
    }

    /**
     * A node that does not run {@code main}: serves and steals until DONE; or runs {@code main} again when the master
     * died and this node is the new one; or leaves when asked to.
     */
    SatinNode.Outcome runWorker(Class<?> mainClass, String[] args) throws SatinNode.NodeFailure, IOException {
        NodeRun r = run;
        RemoteStealing remote = r.wired().remote();
        r.awaitAny(r.finished, r.takeOver, r.leaveRequested); // unbounded by nature: see SatinNode, "Waits"
        if (!r.finished.isDone() && r.leaveRequested.isDone() && !r.takeOver.isDone()) {
            SatinNode.Outcome left = leaving.leave();
            if (left != null) {
                return left;
            }
        }
        if (r.finished.isCompletedExceptionally()) {
            throw r.failure();
        }
        if (!r.finished.isDone() && r.takeOver.isDone()) {
            if (!end.learnedDone(r.takeOver.join())) {
                remote.resume(); // a leave given up: this node is the master now
                log.warn("{}: the master ({}) is gone: this node runs main again", r.who(),
                        r.location(r.takeOver.join()));
                return runMaster(mainClass, args, true);
            }
            if (r.finished.isCompletedExceptionally()) {
                throw r.failure();
            }
        }
        remote.stop();
        r.started().runtime().close();
        if (r.recovery() != null) {
            return reportAfterDone();
        }
        Node node = r.wired().node();
        try {
            if (!statistics.send(r.membership.master())) {
                log.warn("{}: the master ({}) is gone; its statistics are lost", r.who(),
                        r.location(r.membership.master()));
                return new SatinNode.Outcome(false, null, null);
            }
        } catch (IOException e) {
            // (without fault tolerance) the link to the master also carries other threads' messages: one written
            // after the master closed its port, once it had every report, breaks the link and fails this flush even
            // though the statistics arrived; the master ends the pool only then, which tells the two cases apart
            if (node.registry().waitUntilTerminated(run.options.timeoutMillis())) {
                log.debug("{}: the link to the master broke after it ended the run: {}", r.who(), e.getMessage());
                return new SatinNode.Outcome(false, null, null);
            }
            throw e;
        }
        // Leave only once the master has everything: it terminates the pool after the last report.
        if (!r.outage.endsWithoutTermination() && !node.registry().waitUntilTerminated(run.options.timeoutMillis())) {
            log.warn("{}: the master did not end the pool within {} ms after the statistics; leaving", r.who(),
                    run.options.timeoutMillis());
        }
        return new SatinNode.Outcome(false, null, null);
    }

    /**
     * After DONE, with fault tolerance: sends this node's statistics to the node that reports the run (the master, or,
     * when the master died after {@code main} returned, the live node ranking first: it collects the statistics of the
     * others, prints them and ends the pool) and waits until the pool ends, sending them again to a new reporter if
     * the one it sent them to dies first. Each wait is bounded by the run's timeout.
     */
    private SatinNode.Outcome reportAfterDone() throws SatinNode.NodeFailure, IOException {
        NodeRun r = run;
        Node node = r.wired().node();
        int self = r.self();
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(run.options.timeoutMillis());
        int sentTo = -1;
        while (true) {
            // the pool's end first: a master that ended the run at its JVM's exit terminated the pool before going
            // away, and the registry sends the termination before that death
            if (node.registry().waitUntilTerminated(0)) {
                return new SatinNode.Outcome(false, null, null);
            }
            int reporter = r.membership.master(); // the master, or the live node ranking first once it is gone
            if (reporter == self) {
                log.warn("{}: the master died after main returned: this node collects and prints the statistics",
                        r.who());
                end.forwardDone();
                return statistics.collect(end.mainNanosAtDone(), null, r.location(end.doneFrom()));
            }
            if (reporter != sentTo && statistics.send(reporter)) {
                sentTo = reporter;
            }
            // without the registry nobody announces the pool's end: end once the reporter has the statistics (its
            // answer to a question sent after them), or send them again to the next reporter if it died
            if (sentTo == reporter && r.outage.now()
                    && end.handledSoFar(reporter, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime()))
                    && r.outage.endsWithoutTermination()) {
                return new SatinNode.Outcome(false, null, null);
            }
            if (node.registry().waitUntilTerminated(20)) {
                return new SatinNode.Outcome(false, null, null);
            }
            if (System.nanoTime() - deadline > 0) {
                log.warn("{}: the run's statistics were not collected within {} ms after DONE; leaving", r.who(),
                        run.options.timeoutMillis());
                return new SatinNode.Outcome(false, null, null);
            }
        }
    }

    /**
     * After a failure a worker may wait forever in a sync for a job lost with another node: then the runtime is
     * stopped in the background (its workers are daemon threads) instead of waiting for that worker here.
     */
    void closeRuntime(SatinRuntime runtime) {
        if (run.finished.isCompletedExceptionally()) {
            Thread closer = new Thread(runtime::close, run.options.nodeName() + "-close");
            closer.setDaemon(true);
            closer.start();
        } else {
            runtime.close();
        }
    }
}
