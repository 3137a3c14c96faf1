/**
 * Timelines of runs: what every worker and every node did when, written in the Chrome trace-event format that
 * Perfetto ({@code ui.perfetto.dev}) and {@code chrome://tracing} open.
 *
 * <h2>What is recorded</h2>
 * One {@link satin.runtime.timeline.Timeline} per node (one runtime), one {@link satin.runtime.timeline.Track} per
 * worker thread and two per node ({@code steals} for the requests to other nodes, {@code messages}). A worker's track
 * has a span per job it ran (jobs run inside another job's {@code sync()} nest inside it), a span per stretch of
 * looking for work with nothing to run ({@code idle} in the worker's idle loop, {@code sync wait} inside a sync,
 * with the failed attempts to steal from the node's other workers as an argument), and an instant per successful
 * steal from another worker. The {@code steals} track has an asynchronous span per steal request to another node,
 * from sending to the reply, with the victim, whether it crossed clusters and the outcome; the {@code messages}
 * track an instant per message sent or received, with the peer, the kind and the size in bytes. The counts match
 * the run's statistics exactly: job spans = jobs executed, steal spans = remote steal attempts, local steal
 * instants plus the failed attempts in the arguments = local steal attempts.
 *
 * <h2>Cost and concurrency</h2>
 * An event is five longs appended to its track's arrays (no allocation but the arrays' growth, no formatting until
 * the run is over). A worker's track is written only by its worker thread; the node tracks are written by workers
 * and the upcall thread under the track's lock, held for the append only. The timeline is read after the run, when
 * the runtime is closed (its workers joined) and the node's message handlers stopped; the read takes each track's
 * lock, which orders it after every append. A track holds at most {@value satin.runtime.timeline.Track#MAX_EVENTS}
 * events and counts what it dropped beyond (written into the trace's metadata), so a long run cannot exhaust the heap.
 *
 * <h2>Clocks</h2>
 * Timestamps are {@link java.lang.System#nanoTime()} plus the timeline's offset. Node JVMs on one machine share
 * Linux's monotonic clock, so their timelines align exactly with offset 0 (what {@code satin run --nodes N} does).
 * Nodes on different machines use the offset to the wall clock taken when the timeline was created
 * ({@link satin.runtime.timeline.Timeline#wallClock}), so their alignment error is that of the machines' clock
 * synchronization (NTP: typically under a millisecond on a LAN, a few milliseconds across a wide-area network).
 */
package satin.runtime.timeline;
