/**
 * A reliable, FIFO, exactly-once message protocol over UDP datagrams, plus plain unreliable datagrams.
 *
 * <h2>Overview</h2>
 * Each endpoint keeps one {@link satin.ipl.udp.protocol.PeerSession} per remote socket address. A session has a
 * sending half ({@link satin.ipl.udp.protocol.SendState}) and a receiving half
 * ({@link satin.ipl.udp.protocol.ReceiveState}). The receiving half belongs to the endpoint's event loop; the
 * sending half is shared under its monitor between the event loop (acknowledgements, timers) and the threads that
 * send, which transmit new packets themselves instead of waking the event loop for each message.
 *
 * <ul>
 *   <li><b>Packets.</b> Every datagram starts with a magic number, a version, a type and the sender's
 *   <i>incarnation</i> (a random non-zero number chosen when the endpoint starts). A packet with a new incarnation
 *   from a known address means the peer restarted: the session is reset and unacknowledged messages fail.
 *   {@link satin.ipl.udp.protocol.PacketDecoder} validates every length; anything malformed is dropped and counted
 *   by {@link satin.ipl.udp.protocol.DropLog}, which logs rate-limited reasons.</li>
 *   <li><b>Fragmentation.</b> A message is cut into fragments of at most {@code fragmentPayload} bytes (1400 by
 *   default, so a packet fits an Ethernet MTU). Every fragment is one DATA packet with its own 64-bit sequence
 *   number; the first fragment carries the total message length and the FIRST flag, the last one the LAST flag.
 *   Because fragments are delivered to the reassembler strictly in sequence order, reassembly is a plain append.</li>
 *   <li><b>Acknowledgements.</b> The receiver answers with ACK packets carrying the cumulative acknowledgement
 *   (the next sequence number it expects), up to {@value satin.ipl.udp.protocol.Wire#MAX_SACK_RANGES} selective
 *   ranges of packets received above it, its advertised window (free slots in its reorder buffer) and the
 *   timestamp of the data packet that triggered the acknowledgement. Acks are coalesced per batch of received
 *   datagrams. Acknowledging is delayed to the next timer tick unless a sixteenth of the socket buffer (an eighth
 *   of what a sender may have in flight) or a run of packets (up to 16, an eighth of the receive window) is
 *   unacknowledged, or something arrived
 *   out of order or twice: a request/reply exchange of small messages then costs about two datagrams instead of
 *   four, and the sender does not wait for these acks (only its pending-byte budget
 *   and the minimum RTO, far above the tick, depend on them).</li>
 *   <li><b>Round-trip time.</b> The echoed timestamp gives an RTT sample for every acknowledgement, also for
 *   retransmitted packets (the timestamp names the transmission, so Karn's ambiguity does not arise).
 *   {@link satin.ipl.udp.protocol.RttEstimator} keeps SRTT, RTTVAR and RTO as in RFC 6298, except that a sample far
 *   below SRTT starts the estimate over (the samples before it measured a stalled peer), and doubles RTO on every
 *   timeout (exponential backoff) until the next sample.</li>
 *   <li><b>Retransmission.</b> A packet not acknowledged within RTO of its last transmission is sent again. A packet
 *   that was overtaken by at least three selectively acknowledged packets and has been out for more than SRTT is
 *   retransmitted early (fast retransmit), which keeps throughput up under heavy random loss.</li>
 *   <li><b>Flow control.</b> At most {@code min(sendWindow, advertised window)} packets are in flight (at least one,
 *   which doubles as a window probe), and no more bytes (payload plus 1 KiB per datagram) than half the socket
 *   buffer, so that large loopback fragments do not overflow the receiving kernel's buffer. Callers of
 *   {@code send} block while more than {@code maxPendingBytes} of their messages are unacknowledged, so a fast
 *   sender cannot exhaust memory.</li>
 *   <li><b>Exactly once, in order.</b> Sequence numbers below the cumulative point or already buffered are
 *   duplicates and are only re-acknowledged; numbers beyond the receive window are dropped. Delivery happens in
 *   sequence order only.</li>
 * </ul>
 * There is deliberately no congestion control: the protocol targets clusters and emulated wide-area links where
 * the window and the advertised window bound the load.
 */
package satin.ipl.udp.protocol;
