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
 *
 * <p>The registry's loss ({@code ipl.registry.reconnect}): a member that loses its connection keeps its view and
 * comes back to the same address with REJOIN ({@link satin.ipl.registry.Rejoin}): a registry that still holds the
 * pool takes it back (or refuses it, if it declared it dead meanwhile); a restarted one rebuilds the pool from the
 * states of the members that come back and declares dead those expected that do not
 * ({@link satin.ipl.registry.PoolState#rejoin}). Applying events is idempotent at the member, so a registry brings a
 * member that comes back up to date by telling it everything it may have missed.
 *
 * <p>The join rate per source address is checked before anything else on a connection
 * ({@link satin.ipl.registry.AdmissionControl}); a refusal names itself
 * ({@link satin.ipl.registry.RateLimitRefusal}).
 */
package satin.ipl.registry;
