package satin.ipl.udp.protocol;

import java.net.InetSocketAddress;
import java.time.Duration;

/**
 * Tunables of the reliable protocol; an explicit value passed to each endpoint. Start from {@link #defaults()} and
 * change fields with {@link #toBuilder()}.
 *
 * @param fragmentPayload         bytes of message data per DATA packet (1400 keeps packets under an Ethernet MTU)
 * @param loopbackFragmentPayload the same for peers at a loopback address, whose MTU is 64 KiB: fewer, larger
 *                                packets cut the per-packet cost for nodes sharing a machine
 * @param sendWindow              maximum packets in flight per peer
 * @param receiveWindow           reorder-buffer slots per peer (the largest window a receiver advertises)
 * @param maxMessageSize          largest reliable message accepted, in bytes
 * @param maxDatagramSize         largest unreliable datagram payload, in bytes
 * @param maxPendingBytes         unacknowledged bytes per endpoint beyond which {@code send} blocks
 * @param initialRto              retransmission timeout before the first RTT sample
 * @param minRto                  lower bound of the retransmission timeout
 * @param maxRto                  upper bound of the retransmission timeout (backoff stops here)
 * @param tick                    period of the retransmission and delayed-ack timer
 * @param socketBufferBytes       SO_RCVBUF / SO_SNDBUF requested from the kernel
 * @param peerTimeout             a peer that acknowledges nothing for this long while data is outstanding is lost
 * @param maxPeers                sessions an endpoint keeps; data from further unknown addresses is dropped (so a
 *                                flood from forged source addresses cannot exhaust memory)
 */
public record ProtocolConfig(int fragmentPayload, int loopbackFragmentPayload, int sendWindow, int receiveWindow,
                             int maxMessageSize, int maxDatagramSize, long maxPendingBytes, Duration initialRto,
                             Duration minRto, Duration maxRto, Duration tick, int socketBufferBytes,
                             Duration peerTimeout, int maxPeers) {

    public static final int MAX_UDP_PAYLOAD = 65_507;
    /**
     * Default loopback fragment: close to the largest datagram, since on one machine the cost is per packet (system
     * calls and wake-ups), not per byte; it still leaves room for the headers.
     */
    public static final int DEFAULT_LOOPBACK_FRAGMENT = 60_000;

    public ProtocolConfig {
        require(fitsDatagram(fragmentPayload), "fragmentPayload out of range: " + fragmentPayload);
        require(fitsDatagram(loopbackFragmentPayload), "loopbackFragmentPayload out of range: "
                + loopbackFragmentPayload);
        require(sendWindow >= 1, "sendWindow must be positive: " + sendWindow);
        require(receiveWindow >= 1 && receiveWindow <= 1 << 20, "receiveWindow out of range: " + receiveWindow);
        require(maxMessageSize >= 0, "maxMessageSize must not be negative");
        require(maxDatagramSize >= 0 && maxDatagramSize + Wire.COMMON_HEADER <= MAX_UDP_PAYLOAD,
                "maxDatagramSize out of range: " + maxDatagramSize);
        require(maxPendingBytes >= 1, "maxPendingBytes must be positive");
        require(minRto.toNanos() > 0 && maxRto.compareTo(minRto) >= 0, "need 0 < minRto <= maxRto");
        require(tick.toNanos() > 0, "tick must be positive");
        require(peerTimeout.compareTo(maxRto) > 0, "peerTimeout must exceed maxRto");
        require(maxPeers >= 1, "maxPeers must be positive");
    }

    private static boolean fitsDatagram(int payload) {
        return payload >= 16 && payload + Wire.DATA_HEADER + Wire.FIRST_EXTRA <= MAX_UDP_PAYLOAD;
    }

    private static void require(boolean ok, String message) {
        if (!ok) {
            throw new IllegalArgumentException(message);
        }
    }

    public static ProtocolConfig defaults() {
        return new ProtocolConfig(1400, DEFAULT_LOOPBACK_FRAGMENT, 512, 1024, 256 << 20, 16 * 1024, 16L << 20,
                Duration.ofMillis(200), Duration.ofMillis(20), Duration.ofSeconds(2), Duration.ofMillis(5), 4 << 20,
                Duration.ofSeconds(30), 4096);
    }

    /** Largest fragment payload this endpoint sends or accepts. */
    public int largestFragmentPayload() {
        return Math.max(fragmentPayload, loopbackFragmentPayload);
    }

    /** The fragment payload for a peer: loopback peers get larger packets. */
    public int fragmentPayloadFor(InetSocketAddress peer) {
        return peer.getAddress() != null && peer.getAddress().isLoopbackAddress() ? loopbackFragmentPayload
                : fragmentPayload;
    }

    public RttEstimator newRttEstimator() {
        return new RttEstimator(initialRto.toNanos(), minRto.toNanos(), maxRto.toNanos(), tick.toNanos());
    }

    public Builder toBuilder() {
        return new Builder(this);
    }

    public ProtocolConfig withFragmentPayload(int v) {
        return toBuilder().fragmentPayload(v).build();
    }

    public ProtocolConfig withLoopbackFragmentPayload(int v) {
        return toBuilder().loopbackFragmentPayload(v).build();
    }

    public ProtocolConfig withWindows(int send, int receive) {
        return toBuilder().sendWindow(send).receiveWindow(receive).build();
    }

    public ProtocolConfig withMaxMessageSize(int v) {
        return toBuilder().maxMessageSize(v).build();
    }

    public ProtocolConfig withRto(Duration initial, Duration min, Duration max) {
        return toBuilder().initialRto(initial).minRto(min).maxRto(max).build();
    }

    public ProtocolConfig withPeerTimeout(Duration v) {
        return toBuilder().peerTimeout(v).build();
    }

    public ProtocolConfig withMaxPeers(int v) {
        return toBuilder().maxPeers(v).build();
    }

    /** Changes some fields of a configuration; {@link #build()} validates the result. */
    public static final class Builder {
        private int fragmentPayload;
        private int loopbackFragmentPayload;
        private int sendWindow;
        private int receiveWindow;
        private int maxMessageSize;
        private int maxDatagramSize;
        private long maxPendingBytes;
        private Duration initialRto;
        private Duration minRto;
        private Duration maxRto;
        private Duration tick;
        private int socketBufferBytes;
        private Duration peerTimeout;
        private int maxPeers;

        private Builder(ProtocolConfig c) {
            fragmentPayload = c.fragmentPayload;
            loopbackFragmentPayload = c.loopbackFragmentPayload;
            sendWindow = c.sendWindow;
            receiveWindow = c.receiveWindow;
            maxMessageSize = c.maxMessageSize;
            maxDatagramSize = c.maxDatagramSize;
            maxPendingBytes = c.maxPendingBytes;
            initialRto = c.initialRto;
            minRto = c.minRto;
            maxRto = c.maxRto;
            tick = c.tick;
            socketBufferBytes = c.socketBufferBytes;
            peerTimeout = c.peerTimeout;
            maxPeers = c.maxPeers;
        }

        public Builder fragmentPayload(int v) {
            fragmentPayload = v;
            return this;
        }

        public Builder loopbackFragmentPayload(int v) {
            loopbackFragmentPayload = v;
            return this;
        }

        public Builder sendWindow(int v) {
            sendWindow = v;
            return this;
        }

        public Builder receiveWindow(int v) {
            receiveWindow = v;
            return this;
        }

        public Builder maxMessageSize(int v) {
            maxMessageSize = v;
            return this;
        }

        public Builder maxDatagramSize(int v) {
            maxDatagramSize = v;
            return this;
        }

        public Builder maxPendingBytes(long v) {
            maxPendingBytes = v;
            return this;
        }

        public Builder initialRto(Duration v) {
            initialRto = v;
            return this;
        }

        public Builder minRto(Duration v) {
            minRto = v;
            return this;
        }

        public Builder maxRto(Duration v) {
            maxRto = v;
            return this;
        }

        public Builder tick(Duration v) {
            tick = v;
            return this;
        }

        public Builder socketBufferBytes(int v) {
            socketBufferBytes = v;
            return this;
        }

        public Builder peerTimeout(Duration v) {
            peerTimeout = v;
            return this;
        }

        public Builder maxPeers(int v) {
            maxPeers = v;
            return this;
        }

        public ProtocolConfig build() {
            return new ProtocolConfig(fragmentPayload, loopbackFragmentPayload, sendWindow, receiveWindow,
                    maxMessageSize, maxDatagramSize, maxPendingBytes, initialRto, minRto, maxRto, tick,
                    socketBufferBytes, peerTimeout, maxPeers);
        }
    }
}
