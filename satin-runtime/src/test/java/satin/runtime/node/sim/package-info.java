/**
 * The node protocol under seeded simulation (issue 30, part 5), after FoundationDB's simulation testing: the real
 * protocol code on a seeded, replayable world of faults, not a second model of the protocol.
 *
 * <h2>What runs, real and stand-in</h2>
 * Real, called as a node calls them: the membership view ({@code node.membership.PoolView}, its states, the master
 * derived from them, the {@code Downing} rule), crash recovery ({@code node.recovery.CrashRecovery}: rounds,
 * ORPHANS, salvage, withdrawal, succession of the master, on simulated time through its clock parameter), the table
 * of salvaged results ({@code SalvagedResults}) and job identities ({@code ArgumentDigest}), the stealing between
 * nodes as a node wires it ({@code node.RemoteStealing}: the thief and the victim of {@code node.steal}, their one
 * ledger of exported, foreign, relayed and kept jobs, and its {@code StealingSide} and {@code Losses} adapters to
 * recovery; on simulated time and the simulated network through its transport and clock parameters), the steal
 * policies of {@code satin.balance} (RS; CRS with two clusters, whose asynchronous wide-area replies are what nodes
 * relay), and every message: each is a {@code node.wire.Message} written to bytes by the real {@code Codec} and read
 * back by it at the receiver, jobs and values through the IPL's own Kryo configuration
 * ({@link satin.runtime.node.sim.SimWire}).
 *
 * <p>The harness's own stand-ins: (1) the workers, in {@link satin.runtime.node.sim.SimNode}: one per node, running
 * the tree as continuations (a job spawns its children onto its deque and completes when they have), so the wait
 * cycles of real call stacks ({@code spawn.Worker#reclaim}) are not exercised; the stealing sees it as its
 * {@code spawn.LocalWork} ({@link satin.runtime.node.sim.SimPool}, following {@code WorkerPool}'s decisions), and it
 * polls the stealing as a worker does ({@code ExternalWork.poll}), waiting for its wake-up where a worker would park;
 * (2) the victim choice over the scenario's clusters ({@link satin.runtime.node.sim.SimVictims}); (3) the graceful
 * leave ({@link satin.runtime.node.sim.SimLeave}) and a joiner's welcome as {@code SatinNode} does them, without
 * statistics, DONE inquiry or LEAVE_ACK timeouts; (4) the network, the registry and the faults
 * ({@link satin.runtime.node.sim.World}). Not simulated: aborts, inlets, shared objects, exceptions as outcomes,
 * unshippable jobs, late answers, flow control (credit), the threads themselves.
 *
 * <h2>The world</h2>
 * One event queue on simulated time, ties broken by scheduling order; every random choice comes from the seed
 * ({@link satin.runtime.node.sim.Scenario#of}): the pool (2 to 8 nodes, one or two clusters), the links (latency,
 * udp datagram loss), the tree (32 to 256 leaves) and up to four faults: a node killed, the master and its successor
 * killed at once, a graceful leave, a joiner, a partition of one link (messages held; fenced past a bound), a frozen
 * node (its events deferred; fenced past the bound).
 *
 * <h2>Invariants, on every run</h2>
 * The answer is the tree's sum; main ends once; no record is completed twice (every result reaches its sync exactly
 * once), also in a drain period after the end when late messages still arrive; nothing is lost: every job handed to
 * another node is, while both nodes live, answered for (its RESULT, or a relay's hand-back, seen on the wire) or
 * still held by that node (its steal ledger), checked after the end; no node waits forever: the run ends, and no synchronous steal request waits past the run's timeout; the
 * run ends within
 * {@link satin.runtime.node.sim.World#bound}, twice the ideal time plus per fault its detection, fencing, one round
 * and the whole work once more.
 *
 * <h2>Replay</h2>
 * A failing seed is printed with its scenario; {@code -Dsim.seed=S} replays it alone, exactly, and
 * {@code -Dsim.trace=true} prints every message and registry event of the replay.
 */
package satin.runtime.node.sim;
