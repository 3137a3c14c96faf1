/**
 * Load-balancing policies for work stealing between nodes: Random Stealing (RS) and Cluster-aware Random
 * Stealing (CRS) as defined in the Satin paper (sections 2.1 and 2.2).
 *
 * <h2>Model</h2>
 * A <em>node</em> is one participant of a run (a JVM in the real runtime, a simulated machine in the
 * simulator), identified by an int in {@code [0, nodeCount)}. Nodes are grouped in clusters
 * ({@link satin.balance.ClusterMap}). A policy instance belongs to one node and is a small event-driven
 * state machine; it never blocks, never reads a wall clock and never touches a network by itself. Its host
 * (the runtime or the simulator) drives it through two events and gives it two services:
 * <ul>
 *   <li>{@link satin.balance.StealPolicy#onIdle()}: the host has nothing to run and is not blocked in a
 *       synchronous steal. The host calls it again after every reply that leaves it idle, so the host's
 *       idle loop is the paper's "while idle: steal" loop and the policy decides what one iteration sends.</li>
 *   <li>{@link satin.balance.StealPolicy#onReply(int, StealMode, boolean)}: a steal reply arrived.
 *       The host has already queued the job (if any) in its own work queue: the policy only decides whom to
 *       ask next, never owns jobs.</li>
 *   <li>{@link satin.balance.StealRequests}: send a steal request to node X, synchronously (the host
 *       runs nothing until the reply arrives, as a thread blocked in a remote call would) or asynchronously
 *       (the host keeps working; the reply is delivered as an event later).</li>
 *   <li>{@link satin.balance.VictimSelector}: a random node overall, in the own cluster, or in a remote
 *       cluster, drawn from a seeded generator so that simulations are reproducible.</li>
 * </ul>
 *
 * <h2>Random Stealing (RS)</h2>
 * Each iteration of the idle loop sends one synchronous steal request to a node chosen uniformly among all
 * other nodes, whatever their cluster. No communication happens while a node has work. On a wide-area system
 * most victims are remote, so an idle node spends most of its idle time waiting for wide-area round trips.
 *
 * <h2>Cluster-aware Random Stealing (CRS)</h2>
 * Each iteration of the idle loop first checks a per-node flag: if no wide-area steal is outstanding, it sends
 * an asynchronous steal request to a random node in a remote cluster and sets the flag. Then it sends a
 * synchronous steal request to a random node in its own cluster. The reply handler for the wide-area request
 * clears the flag (the host queues the job if one came, so the idle loop finds it). Hence at most one
 * wide-area steal is outstanding per node, wide-area latency is overlapped with local stealing, and with a
 * single cluster CRS degenerates to purely local random stealing. A node alone in its cluster only sends the
 * wide-area request and waits for its reply (or for other work) before the next iteration.
 */
package satin.balance;
