/**
 * One JVM as a node of a multi-JVM run over the IPL: {@link satin.runtime.node.SatinNode} joins the pool, elects
 * the master, runs {@code main} there and collects statistics; {@link satin.runtime.node.RemoteStealing} steals
 * between nodes with the policies of {@code satin.balance} (RS, CRS). Below it: the messages and their codec
 * ({@code node.wire}), the pool view with a state per member and the master derived from it ({@code node.membership}),
 * shared objects ({@code node.shared}), the export ledger of stealing ({@code node.steal}), the run's figures
 * ({@code node.report}), the registration list ({@code node.classes}), the salvaged results of crash recovery
 * ({@code node.recovery}).
 * How a node is started (command line, launcher) is not here: {@link satin.runtime.node.NodeOptions} is the
 * explicit value a host passes in. Threads: a node's messages are handled on one upcall thread that never waits
 * for the node's progress or for another thread ({@code SatinNode.dispatch}); a send only queues, one writer per
 * peer writes ({@link satin.runtime.node.Peers}: why two nodes cannot deadlock each other), so no upcall, express,
 * registry or worker thread waits for another node; {@code SatinNode}'s overview lists every wait and its bound.
 */
package satin.runtime.node;
