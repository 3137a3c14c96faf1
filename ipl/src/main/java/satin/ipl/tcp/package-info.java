/**
 * The {@code tcp} implementation on Netty. One TCP connection per pair of nodes carries all their ports.
 *
 * <p>A connection's pipeline is small handlers, each with one job: {@link satin.ipl.tcp.FrameDecoder} turns
 * bytes into packets, {@link satin.ipl.tcp.FrameEncoder} packets into {@link satin.ipl.wire.WireCodec} frames,
 * and {@link satin.ipl.tcp.Handshake} runs the HELLO exchange: the connecting side sends HELLO (pool, identity,
 * Kryo registration hash), the accepting side checks it within the accept timeout and answers with its own
 * HELLO. When two nodes connect to each other at once, the connection opened by the node with the smaller
 * identifier wins: the other is refused with a REJECT whose aux is {@code YIELD}, and its opener waits for the
 * winner instead of failing. Once the peer is known the handshake replaces itself with a {@link
 * satin.ipl.tcp.LinkInbound}, which hands packets to the core, and the connection becomes a {@link
 * satin.ipl.tcp.TcpLink}, the {@link satin.ipl.spi.PeerLink} the core sends on. Frames are at most {@code
 * ipl.frame.max} bytes; a frame that violates the format closes that connection only, with a logged reason.
 * TCP_NODELAY is on. Listen ports come from {@code ipl.port.range}; the published address is {@code
 * ipl.advertised.address} when set. Per-port flow control is the core's credit scheme, so the socket is always
 * read and a slow port never stalls the others.
 *
 * <p>Buffers follow the SPI's ownership rule: a packet sent on the link goes down the pipeline and the encoder
 * releases it once framed; a large payload (a slice of the message in the channel's pooled direct memory) goes
 * to the socket behind its header in one gathering write, without a copy, and the channel releases it once
 * written or failed. Incoming payloads are copied once, from the socket buffers into the array that becomes the
 * message, as their bytes arrive (see {@link satin.ipl.tcp.FrameDecoder} for the memory rule); the handshake
 * releases the packets it consumes, and the core all others.
 */
package satin.ipl.tcp;
