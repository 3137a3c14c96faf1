package satin.cli.run;

import java.io.IOException;
import java.util.List;
import satin.ipl.security.EncryptionPolicy;

/**
 * The checks of the multi-node forms of {@code satin run} before anything starts: every option that means something
 * only with another, and every value, refused with a line that names the option. What they plan beyond the options
 * (kills, leaves, partitions, joins, the hosts file) comes back as one {@link MultiNodePlan}.
 */
final class RunChecks {

    private RunChecks() {
    }

    /**
     * Checks {@code cmd}'s options for a multi-node run and fills in what they imply ({@code --nodes} from a hosts
     * file; 1 for a joiner).
     *
     * @throws IllegalArgumentException the first mistake, as a line for the user
     */
    static MultiNodePlan check(RunCommand cmd) {
        JoinPlan joins = JoinPlan.NONE;
        PartitionPlan partitions = PartitionPlan.NONE;
        EncryptionPolicy.parse(cmd.encrypt);
        if (cmd.wan != null) {
            try {
                satin.ipl.wan.WanProvider.topology(cmd.wan); // the launcher checks it once, not each node JVM
            } catch (IOException e) {
                throw new IllegalArgumentException("--wan: " + e.getMessage() + " (see 'satin wan')");
            }
        }
        for (String setting : cmd.iplSettings) {
            int eq = setting.indexOf('=');
            if (eq <= 0 || !setting.startsWith("ipl.")) {
                throw new IllegalArgumentException("--ipl-setting wants KEY=VALUE with an ipl.* key, got '" + setting
                        + "'");
            }
        }
        if (cmd.portRange != null && !cmd.portRange.matches("\\d{1,5}(-\\d{1,5})?")) {
            throw new IllegalArgumentException("--port-range must be PORT or LOW-HIGH, e.g. 9000-9100, got '"
                    + cmd.portRange + "'");
        }
        boolean slurmOnly = cmd.clusterOf != null || cmd.registryPort != null || cmd.registryHost != null;
        if (slurmOnly && !cmd.slurm) {
            throw new IllegalArgumentException("--cluster-of, --registry-port and --registry-host need --slurm");
        }
        if (cmd.nodeAddress != null && cmd.registry == null && !cmd.slurm) {
            throw new IllegalArgumentException("--node-address is the address of this JVM's node: it needs --registry"
                    + " or --slurm");
        }
        if (cmd.slurm) {
            if (cmd.nodes != null || cmd.registry != null || cmd.hosts != null || cmd.cluster != null
                    || cmd.nodeName != null || !cmd.kill.isEmpty() || cmd.endWithInput) {
                throw new IllegalArgumentException("--slurm takes the pool size, the registry, the node's name and "
                        + "cluster from Slurm: it cannot be combined with --nodes, --registry, --hosts, --cluster, "
                        + "--node-name, --kill or --end-with-input");
            }
            if (cmd.registryPort != null && (cmd.registryPort < 1 || cmd.registryPort > 65535)) {
                throw new IllegalArgumentException("--registry-port must be 1-65535, got " + cmd.registryPort);
            }
            return new MultiNodePlan(KillPlan.NONE, KillPlan.NONE, PartitionPlan.NONE, JoinPlan.NONE, null);
        }
        if (cmd.hosts != null) {
            if (cmd.nodes != null || cmd.registry != null || cmd.cluster != null || cmd.nodeName != null) {
                throw new IllegalArgumentException("--hosts names the nodes, their clusters and workers itself: it "
                        + "cannot be combined with --nodes, --registry, --cluster or --node-name");
            }
            if (cmd.timeline != null) {
                throw new IllegalArgumentException("--trace is not supported with --hosts yet (each node would write"
                        + " its part on its own host)");
            }
            HostsFile hostsFile = HostsFile.read(cmd.hosts);
            cmd.nodes = hostsFile.hosts().size();
            return new MultiNodePlan(KillPlan.NONE, KillPlan.NONE, PartitionPlan.NONE, JoinPlan.NONE, hostsFile);
        }
        if (cmd.endWithInput && !MultiNodeRun.FROM_STDIN.equals(cmd.registry)) {
            throw new IllegalArgumentException("--end-with-input needs --registry - (it watches the standard input"
                    + " after the start-up lines)");
        }
        if (cmd.sharedFs || !cmd.sshOptions.isEmpty() || cmd.advertise != null) {
            throw new IllegalArgumentException("--shared-fs, --ssh-option and --advertise need --hosts FILE");
        }
        if (cmd.join) {
            if (cmd.registry == null) {
                throw new IllegalArgumentException("--join joins a running pool through its registry: it needs "
                        + "--registry HOST:PORT and --cluster NAME");
            }
            if (cmd.noFaultTolerance) {
                throw new IllegalArgumentException("--join with --no-fault-tolerance: only a run with fault tolerance "
                        + "takes nodes that join while it runs");
            }
            if (cmd.nodes == null) {
                cmd.nodes = 1; // not used: a joiner joins whatever the pool's size
            }
        }
        if (!cmd.addNodeAfter.isEmpty()) {
            if (cmd.registry != null || cmd.nodes == null) {
                throw new IllegalArgumentException("--add-node-after needs --nodes without --registry (the launcher "
                        + "starts the added nodes; by hand, start one with satin run --registry HOST:PORT --join)");
            }
            if (cmd.noFaultTolerance) {
                throw new IllegalArgumentException("--add-node-after with --no-fault-tolerance: only a run with fault "
                        + "tolerance takes nodes that join while it runs");
            }
            joins = JoinPlan.parse(cmd.addNodeAfter);
        }
        if (cmd.nodes == null) {
            throw new IllegalArgumentException("--registry needs --nodes N (the size of the pool), or --join (to join "
                    + "a running pool)");
        }
        if (cmd.nodes < 1) {
            throw new IllegalArgumentException("--nodes must be at least 1, got " + cmd.nodes);
        }
        if (cmd.timeoutSeconds < 1) {
            throw new IllegalArgumentException("--timeout must be at least 1 second, got " + cmd.timeoutSeconds);
        }
        if (!List.of("tcp", "udp").contains(cmd.transport)) {
            throw new IllegalArgumentException("unknown --transport '" + cmd.transport + "' (expected tcp or udp)");
        }
        if (cmd.sequentialTime != null && cmd.sequentialTime <= 0) {
            throw new IllegalArgumentException("--sequential-time must be positive, got " + cmd.sequentialTime);
        }
        if (cmd.detectionMillis < 100) {
            throw new IllegalArgumentException("--detection-time must be at least 100 ms, got " + cmd.detectionMillis);
        }
        if (!cmd.kill.isEmpty() && cmd.registry != null) {
            throw new IllegalArgumentException("--kill needs --nodes without --registry (the launcher kills its own "
                    + "node JVMs)");
        }
        if (!cmd.kill.isEmpty() && cmd.noFaultTolerance) {
            throw new IllegalArgumentException("--kill with --no-fault-tolerance would only fail the run");
        }
        if (!cmd.leave.isEmpty() && cmd.registry != null) {
            throw new IllegalArgumentException("--leave needs --nodes without --registry (a node started by hand "
                    + "leaves on SIGTERM or Ctrl-C)");
        }
        if (!cmd.leave.isEmpty() && cmd.noFaultTolerance) {
            throw new IllegalArgumentException("--leave with --no-fault-tolerance would only fail the run");
        }
        if (!cmd.partition.isEmpty()) {
            if (cmd.registry != null) {
                throw new IllegalArgumentException("--partition needs --nodes without --registry (the launcher tells "
                        + "its own node JVMs when to cut their links)");
            }
            if (cmd.noFaultTolerance) {
                throw new IllegalArgumentException("--partition with --no-fault-tolerance would only fail the run");
            }
            if (cmd.wan == null) {
                throw new IllegalArgumentException("--partition needs --wan PRESET|FILE: the WAN emulation layer cuts "
                        + "the wide-area links (e.g. --wan table2.1-20ms-1000KBs)");
            }
            partitions = PartitionPlan.parse(cmd.partition, cmd.clusters);
            if (partitions.cuts().size() == cmd.clusters) {
                throw new IllegalArgumentException("--partition cuts every cluster: no node would be left to end the "
                        + "run (the master's cluster may be cut: a node of another cluster then runs main again)");
            }
        }
        KillPlan kills = KillPlan.parse(cmd.kill, cmd.nodes);
        KillPlan leaves = KillPlan.parseLeaves(cmd.leave, cmd.nodes);
        for (int i = 0; i < cmd.nodes; i++) {
            if (kills.names(i) && leaves.names(i)) {
                throw new IllegalArgumentException("node" + i + " is named by both --kill and --leave");
            }
        }
        if (cmd.registry == null) {
            if (cmd.clusters < 1 || cmd.clusters > cmd.nodes) {
                throw new IllegalArgumentException("--clusters must be between 1 and --nodes (" + cmd.nodes
                        + "), got " + cmd.clusters);
            }
            if (cmd.cluster != null || cmd.nodeName != null) {
                throw new IllegalArgumentException("--cluster and --node-name need --registry (without it, the "
                        + "launcher names the nodes and assigns the clusters itself)");
            }
        } else if (cmd.cluster == null) {
            throw new IllegalArgumentException("--registry needs --cluster NAME");
        }
        return new MultiNodePlan(kills, leaves, partitions, joins, null);
    }
}
