/**
 * The {@code udp} implementation on Netty: every node binds one datagram socket, and each pair of nodes runs a
 * reliable, ordered stream over it (the protocol itself is {@link satin.ipl.udp.protocol}: sequence numbers,
 * acknowledgements, retransmission, flow control). {@link satin.ipl.udp.UdpProvider} registers it with the IPL,
 * {@link satin.ipl.udp.UdpTransport} owns the socket and frames each packet with {@link
 * satin.ipl.wire.WireCodec} as one reliable protocol message (or one datagram for an unreliable port, when it
 * fits), {@link satin.ipl.udp.UdpLink} is one peer's stream as the core sees it, opened by a HELLO exchange on
 * that stream, and {@link satin.ipl.udp.FaultInjector} loses, duplicates and reorders datagrams on purpose for
 * tests.
 *
 * <p>Buffers follow the SPI's ownership rule: a reliable packet's payload becomes the body of its protocol
 * message, which keeps it for retransmissions and releases it once the peer acknowledged the message or the
 * stream failed; an unreliable packet is copied into its datagram and released at once. A received message
 * arrives as a frame head and a body array that the packet hands over to the core.
 */
package satin.ipl.udp;
