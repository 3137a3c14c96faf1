/**
 * The {@code tcp} implementation on Netty. One TCP connection per pair of nodes carries all their ports:
 * the connecting side sends HELLO (pool, identity, Kryo registration hash), the accepting side checks it
 * within the accept timeout and answers with its own HELLO; only then do packets flow. When two nodes
 * connect to each other at once, the connection opened by the node with the smaller identifier wins: the
 * other is refused with a REJECT whose aux is {@code YIELD}, and its opener waits for the winner instead of
 * failing. Frames are the
 * length-prefixed {@link satin.ipl.spi.WireCodec} format, at most {@code ipl.frame.max} bytes; a frame that
 * violates it closes that connection only, with a logged reason. TCP_NODELAY is on. Listen ports come
 * from {@code ipl.port.range}; the published address is {@code ipl.advertised.address} when set.
 * Per-port flow control is the core's credit scheme, so the socket is always read and a slow port never
 * stalls the others. Outgoing messages arrive in pooled direct buffers (the link offers its channel's
 * allocator to the core) and are written with their header in one gathering write, without copying.
 * Incoming payloads are copied once, from the socket buffers into the array that becomes the message, as
 * their bytes arrive (see {@link satin.ipl.tcp.FrameDecoder} for the memory rule).
 */
package satin.ipl.tcp;
