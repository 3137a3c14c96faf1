/**
 * Service-provider interface for IPL implementations. An implementation is a {@link
 * satin.ipl.spi.IplProvider} listed in {@code META-INF/services/satin.ipl.spi.IplProvider}; it supplies a
 * {@link satin.ipl.spi.Transport} that moves {@link satin.ipl.spi.Packet packets} between nodes over
 * {@link satin.ipl.spi.PeerLink links} (one per pair of nodes, reliable and FIFO). Everything above packets
 * (ports, the channel protocol, message fragmentation, per-port credit flow control, serialization,
 * registry, statistics) is done once, in {@code satin.ipl.core}, for every implementation. Transports
 * depend on this package; this package depends on no transport.
 *
 * <h2>Who owns a packet's bytes</h2>
 * A packet's payload is a reference-counted Netty {@link io.netty.buffer.ByteBuf}, and the packet holds
 * one reference to it. One rule, Netty's, decides who releases it, on every path of every transport:
 * <ol>
 * <li><b>The holder owns the reference, and passing the packet on passes the reference.</b> Passing on is
 * {@link satin.ipl.spi.PeerLink#send}, {@link satin.ipl.spi.PeerLink#sendUnreliable}, {@link
 * satin.ipl.spi.PacketHandler#received}, a Netty pipeline's read or write, or putting the packet (or its
 * payload) into a queue or a task that will pass it on. After that the caller does not touch the packet,
 * even if the call threw: a method that takes a packet releases it on each of its paths, failures
 * included.</li>
 * <li><b>The stage that ends a packet's path releases it, once, in one place for that path:</b> the core
 * when it has handled a received packet; a transport's encoder once the bytes are in its frame or socket
 * write; the udp protocol when the peer acknowledged the message or its stream failed; whoever drops a
 * packet (a closed link, an emulated loss, a packet on no established link, a closing transport's queue).
 * </li>
 * <li><b>A stage that needs the bytes for longer takes its own reference</b> ({@code retain}, {@code
 * retainedSlice}) or copies them, and releases that reference by the same rule. A message the core sends
 * is one buffer of which every DATA fragment is a retained slice: the message's memory returns to its pool
 * when the send port and every fragment's final stage have released theirs.</li>
 * <li><b>Heap arrays only where the bytes leave Netty:</b> the core reassembles a received message into a
 * {@code byte[]} that Kryo and the reader use. A transport that reads a payload into a fresh array nothing
 * else refers to hands it over with {@link satin.ipl.spi.Packet#ofArray}; the core then keeps that array as
 * the message instead of copying it (and still releases the packet, which frees nothing).</li>
 * </ol>
 * The ipl tests run under Netty's leak detector at paranoid level and fail on any reported leak; a second
 * release fails with Netty's {@code IllegalReferenceCountException}.
 */
package satin.ipl.spi;
