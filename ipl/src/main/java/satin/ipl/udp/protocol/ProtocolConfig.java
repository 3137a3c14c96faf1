package satin.ipl.udp.protocol;

import java.time.Duration;

/**
 * Tunables of the reliable protocol; an explicit value passed to each endpoint.
 *
 * @param fragmentPayload   bytes of message data per DATA packet (1400 keeps packets under an Ethernet MTU)
 * @param sendWindow        maximum packets in flight per peer
 * @param receiveWindow     reorder-buffer slots per peer (the largest window a receiver advertises)
 * @param maxMessageSize    largest reliable message accepted, in bytes
 * @param maxDatagramSize   largest unreliable datagram payload, in bytes
 * @param maxPendingBytes   unacknowledged bytes per endpoint beyond which {@code send} blocks
 * @param initialRto        retransmission timeout before the first RTT sample
 * @param minRto            lower bound of the retransmission timeout
 * @param maxRto            upper bound of the retransmission timeout (backoff stops here)
 * @param tick              period of the retransmission and delayed-ack timer
 * @param socketBufferBytes SO_RCVBUF / SO_SNDBUF requested from the kernel
 * @param peerTimeout       a peer that acknowledges nothing for this long while data is outstanding is lost
 */
public record ProtocolConfig(int fragmentPayload, int sendWindow, int receiveWindow, int maxMessageSize,
                             int maxDatagramSize, long maxPendingBytes, Duration initialRto, Duration minRto,
                             Duration maxRto, Duration tick, int socketBufferBytes,
                             Duration peerTimeout) {

    public static final int MAX_UDP_PAYLOAD = 65_507;

    public ProtocolConfig {
        require(fragmentPayload >= 16 && fragmentPayload + Wire.DATA_HEADER + Wire.FIRST_EXTRA <= MAX_UDP_PAYLOAD,
                "fragmentPayload out of range: " + fragmentPayload);
        require(sendWindow >= 1, "sendWindow must be positive: " + sendWindow);
        require(receiveWindow >= 1 && receiveWindow <= 1 << 20, "receiveWindow out of range: " + receiveWindow);
        require(maxMessageSize >= 0, "maxMessageSize must not be negative");
        require(maxDatagramSize >= 0 && maxDatagramSize + Wire.COMMON_HEADER <= MAX_UDP_PAYLOAD,
                "maxDatagramSize out of range: " + maxDatagramSize);
        require(maxPendingBytes >= 1, "maxPendingBytes must be positive");
        require(minRto.toNanos() > 0 && maxRto.compareTo(minRto) >= 0, "need 0 < minRto <= maxRto");
        require(tick.toNanos() > 0, "tick must be positive");
        require(peerTimeout.compareTo(maxRto) > 0, "peerTimeout must exceed maxRto");
    }

    private static void require(boolean ok, String message) {
        if (!ok) {
            throw new IllegalArgumentException(message);
        }
    }

    public static ProtocolConfig defaults() {
        return new ProtocolConfig(1400, 512, 1024, 256 << 20, 16 * 1024, 16L << 20, Duration.ofMillis(200),
                Duration.ofMillis(20), Duration.ofSeconds(2), Duration.ofMillis(5), 4 << 20, Duration.ofSeconds(30));
    }

    public ProtocolConfig withFragmentPayload(int v) {
        return new ProtocolConfig(v, sendWindow, receiveWindow, maxMessageSize, maxDatagramSize, maxPendingBytes,
                initialRto, minRto, maxRto, tick, socketBufferBytes, peerTimeout);
    }

    public ProtocolConfig withWindows(int send, int receive) {
        return new ProtocolConfig(fragmentPayload, send, receive, maxMessageSize, maxDatagramSize, maxPendingBytes,
                initialRto, minRto, maxRto, tick, socketBufferBytes, peerTimeout);
    }

    public ProtocolConfig withMaxMessageSize(int v) {
        return new ProtocolConfig(fragmentPayload, sendWindow, receiveWindow, v, maxDatagramSize, maxPendingBytes,
                initialRto, minRto, maxRto, tick, socketBufferBytes, peerTimeout);
    }

    public ProtocolConfig withRto(Duration initial, Duration min, Duration max) {
        return new ProtocolConfig(fragmentPayload, sendWindow, receiveWindow, maxMessageSize, maxDatagramSize,
                maxPendingBytes, initial, min, max, tick, socketBufferBytes, peerTimeout);
    }

    public ProtocolConfig withPeerTimeout(Duration v) {
        return new ProtocolConfig(fragmentPayload, sendWindow, receiveWindow, maxMessageSize, maxDatagramSize,
                maxPendingBytes, initialRto, minRto, maxRto, tick, socketBufferBytes, v);
    }

    public RttEstimator newRttEstimator() {
        return new RttEstimator(initialRto.toNanos(), minRto.toNanos(), maxRto.toNanos(), tick.toNanos());
    }
}
