/**
 * The wire format of the network transports ({@code tcp} and {@code udp}; the WAN emulation counts its
 * bytes): {@link satin.ipl.wire.WireCodec} frames a {@link satin.ipl.spi.Packet} as a length prefix and a
 * validated header followed by the payload, and {@link satin.ipl.wire.Hello} is the handshake payload that
 * opens every link. It sits beside the transports that use it and depends only on the SPI; the core never
 * sees a frame. Decoding follows the SPI's ownership rule: a decoded packet holds its own reference to its
 * payload.
 */
package satin.ipl.wire;
