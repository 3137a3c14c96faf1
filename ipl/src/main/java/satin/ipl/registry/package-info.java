/**
 * The registry: pool membership, elections, signals, closed pools and termination.
 *
 * <p>All pool logic lives in {@link satin.ipl.registry.PoolState}, a monitor that turns requests (join,
 * leave, died, elect, signal, terminate) into one totally ordered stream of {@link satin.ipl.RegistryEvent
 * events} delivered to every member's {@link satin.ipl.registry.EventSink}. Members never ask the server
 * questions: each {@link satin.ipl.registry.RegistryClient} rebuilds the pool's state (members, election
 * winners, closed, terminated) from that stream, so queries are local and every member sees the same
 * history. Two front-ends share this logic: the in-process one used with a {@link
 * satin.ipl.local.LocalNetwork}, and the {@link satin.ipl.registry.RegistryServer} over TCP, where a member
 * that closes its connection or stays silent beyond its heartbeat timeout becomes a died event.
 *
 * <p>Elections: the first candidate wins; every later candidate is remembered in order. When the winner
 * leaves or dies, the next remaining candidate wins and an ELECTED event announces it.
 */
package satin.ipl.registry;
