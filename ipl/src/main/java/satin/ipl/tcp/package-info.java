/**
 * The {@code tcp} implementation on Netty. One TCP connection per pair of nodes carries all their ports:
 * the connecting side sends HELLO (pool, identity, Kryo registration hash), the accepting side checks it
 * within the accept timeout and answers with its own HELLO; only then do packets flow. Frames are the
 * length-prefixed {@link satin.ipl.spi.WireCodec} format, at most {@code ipl.frame.max} bytes; a frame that
 * violates it closes that connection only, with a logged reason. TCP_NODELAY is on. Listen ports come
 * from {@code ipl.port.range}; the published address is {@code ipl.advertised.address} when set.
 * Per-port flow control is the core's credit scheme, so the socket is always read and a slow port never
 * stalls the others.
 */
package satin.ipl.tcp;
