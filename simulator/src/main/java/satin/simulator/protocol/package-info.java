/**
 * The protocol engine: simulated runs whose stealing between nodes is the runtime's own code. Each simulated node
 * runs a {@code satin.runtime.node.RemoteStealing} (the thief, the victim and the steal ledger of a real node, with
 * the {@code satin.balance} policy, RS or CRS) against a simulated Satin thread that it sees as its
 * {@code spawn.LocalWork}; messages are the runtime's {@code node.wire.Message} records on the simulator's
 * {@code Network}, and time is the simulation's clock. The model ({@code satin.simulator.model}) answers the same
 * questions with its own few lines of stealing; {@code satin.simulator.paper.Engine} chooses between the two.
 *
 * <p>What is the runtime's and what is not: the steal requests, their replies, the jobs' export, arrival, relay (CRS's
 * wide-area jobs passed on to local thieves) and results are decided by the runtime's classes, exactly as in a node;
 * the worker thread, the links and the sizes of messages are the simulator's (one thread per node with the model's
 * deque and frames; the workload's parameter and result bytes, not the codec's). Messages are never written (a
 * STEAL_REPLY's job reaches its thief as a record of its own, as from the wire, around the same simulated job): the codec and its Kryo serialization are what the seeded simulation of the node protocol
 * (satin-runtime's tests) exercises, not what the paper's figures depend on. No faults, aborts or shared objects.
 */
package satin.simulator.protocol;
