/**
 * The {@code udp} implementation on Netty: every node binds one datagram socket, and each pair of nodes runs a
 * reliable, ordered stream over it (the protocol itself is {@link satin.ipl.udp.protocol}: sequence numbers,
 * acknowledgements, retransmission, flow control). {@link satin.ipl.udp.UdpProvider} registers it with the IPL,
 * {@link satin.ipl.udp.UdpTransport} owns the socket, {@link satin.ipl.udp.UdpLink} is one peer's stream as the
 * core sees it, and {@link satin.ipl.udp.FaultInjector} loses, duplicates and reorders datagrams on purpose for
 * tests.
 */
package satin.ipl.udp;
