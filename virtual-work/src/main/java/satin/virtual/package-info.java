/**
 * Virtual work: a Satin program whose jobs wait instead of computing.
 *
 * <h2>What is real and what is not</h2>
 * {@link satin.virtual.VirtualWork} is an ordinary Satin program, rewritten by the Maven plugin like every
 * application: its spawnable method runs one job of a tree, spawns the job's children and syncs. The tree, the
 * parameter and result sizes (byte arrays of exactly the tree's sizes travel with stolen jobs and their results),
 * every spawn, steal, message and sync are the runtime's real ones. Only a job's own computation is replaced by a
 * timed wait ({@link satin.virtual.PreciseWait}): its own time (plus the tree's per-spawn overhead) divided by the
 * node's speed and by the time scale. A waiting job parks, so it occupies no processor: dozens of node JVMs fit on
 * two cores, and a node may have more workers than the machine has cores.
 *
 * <h2>Trees</h2>
 * The trees are the simulator's ({@link satin.virtual.TreeSpec}): the synthetic shapes of the paper's
 * applications ({@code satin.simulator.workload.SyntheticTree}, unfolded lazily from per-job seeds, so a job's
 * children are a pure function of the job and both the simulator and this program build the same tree from the
 * same seed) and spawn-tree traces recorded by {@code satin run --record-trace} (replayed job by job).
 *
 * <h2>Speed and time scale</h2>
 * A node's speed factor (its {@link satin.virtual.VirtualNode} when a JVM hosts several nodes, else the system
 * property {@value satin.virtual.VirtualWork#SPEED_PROPERTY}) divides every wait on that node, which makes heterogeneous sites exact.
 * The time scale S divides every wait too; the experiment commands divide link latencies by S and multiply
 * bandwidths by S, so every ratio of the run (and so every efficiency) stays what it is at S = 1.
 *
 * <h2>Accounting</h2>
 * {@link satin.virtual.WaitLedger} counts per node (per JVM without a {@link satin.virtual.VirtualNode}) the jobs run, the work done (unscaled own time), and how far each
 * wait overshot its deadline; with {@value satin.virtual.WaitLedger#LEDGER_PROPERTY} set it writes these as JSON
 * when the JVM exits, for the experiment commands.
 */
package satin.virtual;
