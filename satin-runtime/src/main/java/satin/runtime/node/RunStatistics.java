package satin.runtime.node;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import satin.ipl.Node;
import satin.runtime.SatinRuntime;
import satin.runtime.node.membership.MemberState;
import satin.runtime.node.recovery.CrashRecovery;
import satin.runtime.node.recovery.SalvagedResults;
import satin.runtime.node.report.FaultReport;
import satin.runtime.node.report.NodeFaults;
import satin.runtime.node.report.NodeReport;
import satin.runtime.node.report.NodeStatistics;
import satin.runtime.node.report.RunReport;
import satin.runtime.node.shared.SharedReplication;
import satin.runtime.node.wire.Message;
import satin.runtime.spawn.WorkerStatistics;

/**
 * The run's statistics: this node's report as of now, the STATISTICS every node sends after DONE, and their
 * collection by the node that reports the run (the master, or its successor when it died after {@code main}
 * returned). Threads: STATISTICS arrive on the upcall thread ({@link #onStatistics}); the collector waits on
 * {@link #reports}' monitor, woken by each arrival, by a loss or a leave ({@link #wake}) and by a failure; the maps
 * are concurrent. Nothing here sends while holding a monitor.
 */
final class RunStatistics {

    private final NodeRun run;
    private final Map<Integer, NodeReport> reports = new ConcurrentHashMap<>();
    private final Map<Integer, NodeFaults> faultReports = new ConcurrentHashMap<>();
    /** The first and last time a node learned that node i was gone, over the reports so far. */
    private final Map<Integer, long[]> detections = new ConcurrentHashMap<>();

    RunStatistics(NodeRun run) {
        this.run = run;
    }

    /** This node's report as of now, for a run whose clock started at {@code start}. */
    NodeReport reportNow(Node node, RemoteStealing remote, SatinRuntime runtime, long start, long cpuAtStart) {
        WorkerStatistics w = WorkerStatistics.zero();
        List<WorkerStatistics> workers = runtime.statistics();
        for (WorkerStatistics s : workers) {
            w = w.plus(s);
        }
        NodeRun.Wired parts = run.wired();
        SharedReplication sh = parts == null ? null : parts.shared();
        satin.ipl.CommunicationStatistics traffic = node.statistics();
        NodeOptions options = run.options;
        return new NodeReport(options.nodeName(), options.cluster(), workers.size(), w.spawns(), w.spawnsInlined(),
                w.jobsExecuted(), w.stealAttempts(), w.steals(),
                remote.intraAttempts.sum(), remote.intraSuccesses.sum(),
                remote.interAttempts.sum(), remote.interSuccesses.sum(), remote.jobsExported.sum(),
                traffic.intraClusterMessages(), traffic.intraClusterBytes(),
                traffic.interClusterMessages(), traffic.interClusterBytes(),
                System.nanoTime() - start, w.idleNanos(), remote.stealWaitNanos.sum(),
                cpuNow() - cpuAtStart, w.jobsAborted(),
                sh == null ? 0 : sh.objectsCreated(), sh == null ? 0 : sh.writesIssued.sum(),
                sh == null ? 0 : sh.writesApplied.sum(), w.wastedNanos());
    }

    /** This node's report now, from the parts of its run. */
    private NodeReport reportNow() {
        NodeRun.Wired parts = run.wired();
        NodeRun.Started s = run.started();
        return reportNow(parts.node(), parts.remote(), s.runtime(), s.startNanos(), s.cpuAtStart());
    }

    /** Sends this node's statistics to node {@code to} (the master); false when it is gone. */
    boolean send(int to) throws IOException {
        NodeRun.Wired parts = run.wired();
        NodeReport report = reportNow();
        Map<Integer, Long> seen = parts.recovery() == null ? Map.of() : run.membership.detections();
        return parts.remote().sendIfAlive(to, new Message.Statistics(run.self(),
                new NodeStatistics(report, nodeFaults(), seen)));
    }

    /** STATISTICS from another node (upcall thread). */
    void onStatistics(Message.Statistics m) {
        int from = m.from();
        NodeStatistics s = m.statistics();
        faultReports.put(from, s.faults());
        crashes(s.detectedMillis());
        synchronized (reports) {
            reports.put(from, s.report());
            reports.notifyAll();
        }
    }

    /** Something the collector may wait for happened: a node is gone or left, or the run failed. */
    void wake() {
        synchronized (reports) {
            reports.notifyAll();
        }
    }

    /**
     * Collects the statistics of every live node (this one's included), bounded by the run's timeout, ends the pool
     * and returns the run's report: on the master once {@code main} returned, or on the node that reports for a
     * master that died after it.
     */
    SatinNode.Outcome collect(long mainNanos, Throwable mainFailure, String mainRanOn) throws SatinNode.NodeFailure {
        NodeOptions options = run.options;
        Node node = run.wired().node();
        int self = run.self();
        reports.put(self, reportNow());
        faultReports.put(self, nodeFaults());
        CrashRecovery crashes = run.recovery();
        crashes(crashes == null ? Map.of() : run.membership.detections());
        long deadline = System.currentTimeMillis() + options.timeoutMillis();
        synchronized (reports) {
            while (!allReported() && !run.finished.isCompletedExceptionally()) {
                long left = deadline - System.currentTimeMillis();
                if (left <= 0) {
                    NodeRun.terminateQuietly(node);
                    throw new SatinNode.NodeFailure(run.who() + ": statistics of only " + reports.size() + " of "
                            + (run.membership.victims().size() + 1) + " nodes arrived within "
                            + options.timeoutMillis() + " ms", null);
                }
                try {
                    reports.wait(left);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
        }
        // again: a node that died during the wait ended it without statistics, and its loss is known only here now
        crashes(crashes == null ? Map.of() : run.membership.detections());
        List<NodeReport> ordered = new ArrayList<>();
        List<NodeFaults> faults = new ArrayList<>();
        for (int i : run.membership.numbers()) {
            NodeReport r = reports.get(i);
            if (r != null) {
                ordered.add(r);
                faults.add(faultReports.get(i));
            }
        }
        NodeRun.terminateQuietly(node);
        List<FaultReport.Loss> lost = new ArrayList<>();
        detections.forEach((i, times) -> lost.add(new FaultReport.Loss(run.location(i), times[0], times[1])));
        lost.sort(Comparator.comparingLong(FaultReport.Loss::firstDetectedMillis));
        List<String> left = new ArrayList<>();
        if (crashes != null) {
            run.membership.inState(MemberState.LEFT).stream().sorted().forEach(i -> left.add(run.location(i)));
        }
        List<String> joined = new ArrayList<>();
        for (int i : run.membership.numbers()) {
            if (run.membership.isJoiner(i)) {
                joined.add(run.location(i));
            }
        }
        return new SatinNode.Outcome(true, mainFailure, new RunReport(options.algorithm().name(), mainNanos, ordered,
                -1, new FaultReport(options.faultTolerant(), lost, faults, left, mainRanOn, joined,
                        options.detectionMillis())));
    }

    /** Whether every member has sent its statistics, or is gone (died, or left after sending them). */
    private boolean allReported() {
        for (int i : run.membership.victims()) {
            if (!reports.containsKey(i) && !run.isDead(i)) {
                return false;
            }
        }
        return true;
    }

    private void crashes(Map<Integer, Long> seen) {
        seen.forEach((node, when) -> detections.merge(node, new long[] {when, when},
                (a, b) -> new long[] {Math.min(a[0], b[0]), Math.max(a[1], b[1])}));
    }

    private NodeFaults nodeFaults() {
        NodeRun.Wired parts = run.wired();
        CrashRecovery crashes = parts.recovery();
        SalvagedResults table = parts.salvaged();
        String name = run.options.nodeName();
        if (crashes == null || table == null) {
            return NodeFaults.none(name);
        }
        RemoteStealing remote = parts.remote();
        return new NodeFaults(name, crashes.requeued.sum(), run.started().runtime().pool().reExecutionNanos(),
                remote.lostWorkNanos.sum(), crashes.salvagedHere.sum(), table.reused(), table.reusedWorkNanos(),
                table.waited(), crashes.salvagedWorkNanos.sum(), crashes.orphansHere.sum(), table.lateWorkNanos(),
                crashes.orphanWorkNanos.sum(), table.reusedOrphanWorkNanos(), remote.keptDropped(),
                remote.keptDroppedBytes());
    }

    /** CPU time of this whole JVM so far (all threads), or 0 where the platform does not tell. */
    static long cpuNow() {
        if (java.lang.management.ManagementFactory.getOperatingSystemMXBean()
                instanceof com.sun.management.OperatingSystemMXBean os) {
            return Math.max(0, os.getProcessCpuTime());
        }
        return 0;
    }
}
