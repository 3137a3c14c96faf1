/**
 * The {@code udp} implementation: every port of a node over one UDP socket, an {@link
 * satin.ipl.udp.protocol.UdpEndpoint} speaking the reliable protocol of {@code satin.ipl.udp.protocol}.
 * {@link satin.ipl.udp.UdpTransport} frames each packet with {@link satin.ipl.wire.WireCodec} and sends it as
 * one reliable protocol message, or as one datagram for an unreliable port when it fits; links are keyed by
 * the peer's socket address and opened by a HELLO exchange on the reliable stream. {@link
 * satin.ipl.udp.FaultInjector} damages the datagram stream on purpose ({@code ipl.udp.fault.*}) for tests.
 *
 * <p>Buffers follow the SPI's ownership rule: a reliable packet's payload becomes the body of its protocol
 * message, which keeps it for retransmissions and releases it once the peer acknowledged the message or the
 * stream failed; an unreliable packet is copied into its datagram and released at once. A received message
 * arrives as a frame head and a body array that the packet hands over to the core.
 */
package satin.ipl.udp;
