/**
 * Service-provider interface for IPL implementations. An implementation is a {@link
 * satin.ipl.spi.IplProvider} listed in {@code META-INF/services/satin.ipl.spi.IplProvider}; it supplies a
 * {@link satin.ipl.spi.Transport} that moves {@link satin.ipl.spi.Packet packets} between nodes over
 * {@link satin.ipl.spi.PeerLink links} (one per pair of nodes, reliable and FIFO). Everything above packets
 * (ports, connection handshakes, message fragmentation, per-port credit flow control, serialization,
 * registry, statistics) is done once, in {@code satin.ipl.core}, for every implementation.
 */
package satin.ipl.spi;
