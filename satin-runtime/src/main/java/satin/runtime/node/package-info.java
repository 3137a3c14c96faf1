/**
 * One JVM as a node of a multi-JVM run over the IPL. {@link satin.runtime.node.SatinNode} is the wiring: it joins the
 * pool, connects, publishes the node's parts in one step ({@code NodeRun.Wired}) and hands its own thread to
 * {@code Roles} (the master runs {@code main}; the others serve, steal, take over or leave). The parts, one concern
 * each: {@code Dispatcher} (every message to the part that owns its state), {@code RegistryEvents} (the registry's
 * events), {@code EndOfRun} (DONE and the DONE inquiry), {@code RunStatistics} (STATISTICS and the run's report),
 * {@code GracefulLeave} (LEAVING), {@code Welcomes} (joiners), {@code WarmUp}, {@code PauseSignals};
 * {@link satin.runtime.node.RemoteStealing} steals between nodes with the policies of {@code satin.balance} (RS, CRS).
 * Below them: the run's phase ({@code node.life}), the messages and their codec ({@code node.wire}), the pool view
 * with a state per member and the master derived from it ({@code node.membership}), shared objects
 * ({@code node.shared}), the export ledger of stealing ({@code node.steal}), the run's figures ({@code node.report}),
 * the registration list ({@code node.classes}), crash recovery ({@code node.recovery}).
 * How a node is started (command line, launcher) is not here: {@link satin.runtime.node.NodeOptions} is the
 * explicit value a host passes in.
 *
 * <p>Threads: the pool view and crash recovery's deaths are owned by the node's protocol loop
 * ({@code node.loop.ProtocolLoop}, a serial executor): every message is read on the thread the IPL delivers it on and
 * handled as a step of the loop (the port's upcall thread runs the steps itself when the loop is idle; an ABORT read on
 * a transport's thread is only posted), and the registry's dispatcher, the closed-link prober, the peers' writers and
 * the welcome threads only post their events to it. A send only queues, one writer per peer writes
 * ({@link satin.runtime.node.Peers}: why two nodes cannot deadlock each other), so no step, upcall, express, registry
 * or worker thread waits for another node. The run's phase changes only along its allowed transitions, each one
 * compare-and-set; the parts that exist only once connected are published in one volatile write before the first
 * WARMUP. Every wait of the node's own thread is bounded by the run's timeout but the wait for the end of the run
 * ({@code SatinNode}, "Waits").
 */
package satin.runtime.node;
