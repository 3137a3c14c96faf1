package satin.cli.run;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import satin.cli.launch.LocalLauncher;
import satin.runtime.launch.PoolSecuritySettings;

/**
 * The command line a launcher gives each node JVM of a multi-node run: the run's options that matter on a node, the
 * node's own name and cluster, and its part of the plan (kills, leaves, cuts, late joins).
 */
final class NodeArguments {

    private final RunCommand cmd;
    private final MultiNodePlan plan;
    private final SshNodes ssh;

    /** @param ssh the nodes' hosts with {@code --hosts}, else null (nodes on this machine) */
    NodeArguments(RunCommand cmd, MultiNodePlan plan, SshNodes ssh) {
        this.cmd = cmd;
        this.plan = plan;
        this.ssh = ssh;
    }

    /**
     * Node i's arguments: the registry's address and the serialization list come on its standard input
     * ({@code --registry -}), which then stays open until the launcher ends ({@code --end-with-input}).
     */
    List<String> of(int i, int workers, String poolName, PoolSecuritySettings security) {
        String cluster = ssh != null ? plan.hostsFile().hosts().get(i).cluster()
                : LocalLauncher.clusterName(i, cmd.clusters);
        String name = ssh != null ? ssh.nodeName(i) : LocalLauncher.nodeName(i);
        List<String> a = new ArrayList<>(List.of("--registry", MultiNodeRun.FROM_STDIN, MultiNodeRun.END_WITH_INPUT,
                "--nodes", Integer.toString(cmd.nodes), "--cluster", cluster, "--node-name", name, "--pool", poolName));
        if (i >= cmd.nodes) {
            a.add("--join"); // added while the run runs (--add-node-after)
        }
        if (i == 0 && !plan.joins().announcements().isEmpty()) {
            a.addAll(List.of("--announce-jobs", plan.joins().announcements().stream().map(String::valueOf)
                    .collect(java.util.stream.Collectors.joining(","))));
        }
        Integer hostWorkers = ssh != null ? plan.hostsFile().hosts().get(i).workers() : null;
        if (ssh == null || hostWorkers != null) {
            a.addAll(List.of("--workers", Integer.toString(ssh == null ? workers : hostWorkers)));
        }
        a.addAll(List.of(
                "--inline-threshold", Integer.toString(cmd.inlineThreshold), "--algorithm", cmd.algorithm,
                "--transport", cmd.transport, "--timeout", Long.toString(cmd.timeoutSeconds),
                "--detection-time", Long.toString(cmd.detectionMillis)));
        if (cmd.noFaultTolerance) {
            a.add("--no-fault-tolerance");
        }
        if (cmd.progressShown()) {
            a.add("--progress-report");
        }
        if (cmd.noResultReuse) {
            a.add("--no-result-reuse");
        }
        Long jobs = plan.kills().afterJobs().get(i);
        if (jobs != null && jobs == KillPlan.AT_DONE) {
            a.add("--crash-after-done");
        } else if (jobs != null) {
            a.addAll(List.of("--crash-after-jobs", jobs.toString()));
        }
        Long millis = plan.kills().afterMillis().get(i);
        if (millis != null) {
            a.addAll(List.of("--crash-after-millis", millis.toString()));
        }
        Integer stolen = plan.kills().whileStolen().get(i);
        if (stolen != null) {
            a.addAll(List.of("--crash-while-stolen", stolen.toString()));
        }
        Long leaveJobs = plan.leaves().afterJobs().get(i);
        if (leaveJobs != null) {
            a.addAll(List.of("--leave-after-jobs", leaveJobs.toString()));
        }
        Long leaveMillis = plan.leaves().afterMillis().get(i);
        if (leaveMillis != null) {
            a.addAll(List.of("--leave-after-millis", leaveMillis.toString()));
        }
        When cut = plan.partitions().cuts().get(i % cmd.clusters);
        if (cut != null) {
            a.addAll(cut.jobs() > 0 ? List.of("--cut-after-jobs", Long.toString(cut.jobs()))
                    : List.of("--cut-after-millis", Long.toString(cut.millis())));
            a.addAll(List.of("--cut-for-millis", Long.toString(plan.partitions().forMillis().get(i % cmd.clusters))));
            a.addAll(List.of("--cut-option", "--partition " + String.join(",", cmd.partition)));
        }
        if (cmd.wan != null) {
            a.addAll(List.of("--wan", cmd.wan));
        }
        if (cmd.portRange != null) {
            a.addAll(List.of("--port-range", cmd.portRange));
        }
        for (String setting : cmd.iplSettings) {
            a.addAll(List.of("--ipl-setting", setting));
        }
        if (security.insecure()) {
            a.add("--insecure");
        } else {
            a.addAll(List.of("--pool-secret-file", security.secretFile().toAbsolutePath().toString()));
        }
        a.addAll(List.of("--encrypt", security.encrypt().label()));
        if (!cmd.register.isEmpty()) {
            a.addAll(List.of("--register", String.join(",", cmd.register)));
        }
        if (cmd.stats != null) {
            a.add("--stats=" + cmd.stats);
        }
        if (cmd.statsJson != null) {
            a.addAll(List.of("--stats-json", cmd.statsJson.toAbsolutePath().toString()));
        }
        if (cmd.timeline != null) {
            // Node JVMs on this machine share its monotonic clock: their timelines align exactly.
            a.addAll(List.of("--trace", timelinePart(cmd, i).toString(), "--trace-clock", "monotonic"));
        }
        if (cmd.sequentialTime != null) {
            a.addAll(List.of("--sequential-time", cmd.sequentialTime.toString()));
        }
        if (cmd.classpath != null) {
            a.addAll(List.of("-cp", cmd.classpath));
        }
        a.add(cmd.target);
        a.addAll(cmd.args);
        return a;
    }

    /** Node i's own timeline file, merged into --trace FILE when the run is over. */
    static Path timelinePart(RunCommand cmd, int i) {
        Path file = cmd.timeline.toAbsolutePath();
        return file.resolveSibling(file.getFileName() + ".node" + i + ".part");
    }
}
