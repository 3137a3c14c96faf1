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
 * the registration list ({@code node.classes}), crash recovery ({@code node.recovery}), the protocol loop
 * ({@code node.loop}).
 * How a node is started (command line, launcher) is not here: {@link satin.runtime.node.NodeOptions} is the
 * explicit value a host passes in.
 *
 * <h2>Threads: who owns what (the overview)</h2>
 * A node's protocol state has one owner: the node's protocol loop ({@link satin.runtime.node.loop.ProtocolLoop}, a
 * serial executor, one per node). It owns the pool view (every member's state and the master derived from it), crash
 * recovery (deaths, leaves, the recovery rounds, the succession, withdrawals, salvaged outcomes stored or given up,
 * jobs taken back), the steal ledger (exported, foreign, relayed and kept jobs: {@code node.steal}'s overview) and
 * the handling of every message (with the state of the parts that handle them: warm-up,
 * welcomes, the end of the run, statistics, leave acknowledgements). Every other thread only posts events to it:
 * <ul>
 *   <li>the receive port's upcall thread reads each message and posts its handling (when it finds the loop idle it
 *       runs the queued steps itself, so the message path costs no thread hand-off);</li>
 *   <li>a transport's I/O thread reads an ABORT at once (express) and posts it;</li>
 *   <li>the registry's dispatcher posts joined, died, left and the pool's end (a pause signal sets the stealing gate's
 *       flag; an outage goes to {@code RegistryOutage});</li>
 *   <li>the closed-link prober posts what it concludes ({@code ClosedLinks}); a peer's writer posts a failed write
 *       and a reply whose job could not be written; a welcome thread posts a joiner READY; the late-answer timer
 *       posts a held steal request's answer;</li>
 *   <li>a worker takes arrived jobs from the ledger's lock-free queue and posts a finished foreign job's removal, a
 *       sent result to keep, a send that failed, an orphan that ended (its salvage) and a round's tick (at most one
 *       queued); it never waits for the loop and takes no lock of the ledger's (a peer's writer posts a kept
 *       result's size, and that a reply's job was written);</li>
 *   <li>the node's own thread runs its set-up steps (the pool closed, the warm-up's peers READY, RUNNING) on the
 *       loop and waits for each, bounded by the run's timeout.</li>
 * </ul>
 * Not owned by the loop, each under a stated rule: the thief's steal policy and its requests in flight (the policy
 * under its one lock, for its bookkeeping only; a synchronous request created and ended by the worker holding the
 * steal flag, its reply completed once by the loop: {@code node.steal}'s overview, rule 4); the salvaged results (the
 * workers' lookup table during a re-execution, under its monitor, held for map operations only and never on the
 * fault-free path); the run's phase ({@code node.life.Phase}: one compare-and-set along an allowed transition, any
 * thread, so of two racing moves from one phase exactly one wins), which the stealing gate reads instead of keeping
 * flags of its own (the program's pause is its one flag, volatile, set by the registry's dispatcher); the outboxes
 * (one writer per peer).
 *
 * <p><b>Invariants.</b> (1) One writer: state the loop owns is written only in its steps. (2) Steps run one at a time;
 * each sees every write of the steps before it; the steps one thread posts run in its posting order, so one peer's
 * messages are handled in their arrival order (an ABORT may overtake them: it is read first). (3) No step waits: not
 * for another node, not for another thread of this node, not on a lock held across I/O. (4) No thread waits for the
 * loop but the node's own thread at set-up, bounded. (5) One writer per peer: a message is written only by its
 * peer's writer task; no caller writes another thread's messages. (6) Every wait is bounded by the run's timeout but
 * the node thread's wait for the end of the run ({@code SatinNode}, "Waits").
 *
 * <p><b>Why the code keeps them.</b> (1) The parts that keep owned state assert, where they keep it, that the caller
 * owns the loop ({@code PoolView.ownedBy}; {@code CrashRecovery}'s entries; every change of {@code StealLedger},
 * {@code ExportLedger} and {@code KeptResults}; the assertions are on in every node test
 * and in the node JVMs of the multi-node tests), and the entries that other threads call post themselves
 * ({@code Confinement.runOrPost}: {@code CrashRecovery.linkBroken}, {@code salvage}, {@code tick};
 * {@code Victim}'s late answer and unwritten reply; the ledger's hand-offs, {@code StealLedger.finished},
 * {@code keep}, {@code sized}). (2) {@code ProtocolLoop}: ownership is one compare-and-set; the
 * owner's release of it and the next owner's compare-and-set, and the queue's offer and poll, order every step after
 * what was written before it (the class comment gives the argument). (3) A send only queues in the peer's outbox;
 * what may take long runs on a thread of its own and posts its result (a probe, a connection to a joiner, a held
 * request's delay). (4) {@code ProtocolLoop.call} is used by the node's own thread only, with the run's timeout.
 * (5) {@link satin.runtime.node.Peers}: at most one writer task per outbox, on the node's writer threads; credit
 * returns as the peer's upcall thread reads, which never waits for a writer, so two nodes cannot deadlock each
 * other. (6) Each wait names its bound where it waits. The parts that exist only once the node is connected are
 * published in one volatile write ({@code NodeRun.Wired}) before the first WARMUP, so every step that needs them
 * finds them.
 */
package satin.runtime.node;
