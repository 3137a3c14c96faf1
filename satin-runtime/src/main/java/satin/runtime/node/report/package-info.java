/**
 * A multi-node run's figures as plain values: each node's {@link satin.runtime.node.report.NodeReport} and
 * {@link satin.runtime.node.report.NodeFaults}, sent at the end as one versioned
 * {@link satin.runtime.node.report.NodeStatistics}; the run's {@link satin.runtime.node.report.RunReport} and
 * {@link satin.runtime.node.report.FaultReport}, which the command line prints as a table or JSON; a node's
 * {@link satin.runtime.node.report.NodeProgress} for a progress line. Named fields only, no positions. Threads: the
 * records are immutable values, made by the thread that reads the counters and handed on as they are.
 */
package satin.runtime.node.report;
