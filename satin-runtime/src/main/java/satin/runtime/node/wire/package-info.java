/**
 * The node protocol as types: every message between the nodes of a run is one record of the sealed
 * {@link satin.runtime.node.wire.Message}; what became of a job that ran elsewhere is one of the sealed
 * {@link satin.runtime.node.wire.Outcome}; {@link satin.runtime.node.wire.Codec} is the one place where messages are
 * written to and read from the IPL (writing decides nothing and changes no state; reading checks everything and
 * fails with a {@link satin.runtime.node.wire.WireException} naming the cause). This package depends on the IPL's API,
 * the contract and the report records only, so the protocol above it can run over any network that carries these
 * records. Who sends which message and what its receiver does: the protocol table in satin-runtime/README.md.
 *
 * <p>Threads: none of its own and no shared state: the codec is pure, so any thread (a peer's writer, the upcall
 * thread, a test) may write or read with it at once; the messages are immutable records, safe to hand between
 * threads.
 */
package satin.runtime.node.wire;
