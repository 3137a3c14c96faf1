package satin.cli.run;

/**
 * What a multi-node run was asked to do beyond its options, as {@link RunChecks} read it: the nodes to kill and to
 * have leave, the clusters to cut off, the nodes to add later, and the hosts of {@code --hosts} (null without it).
 */
record MultiNodePlan(KillPlan kills, KillPlan leaves, PartitionPlan partitions, JoinPlan joins, HostsFile hostsFile) {
}
