package satin.simulator.network;

import java.util.random.RandomGenerator;
import satin.wanmodel.TcpPath;

/**
 * One directed link as a FIFO server: a message starts transmitting when both it has been sent and the link
 * has finished the previous message, occupies the link for its transmission time, and arrives one latency
 * after its last byte left. On an idle link: arrival = send + latency + bytes / bandwidth. A link whose spec
 * says {@code tcp} is a {@link TcpPath} instead (the model shared with the IPL's WAN emulation).
 */
public final class Link {
    /** Minimum TCP retransmission timeout. */
    public static final long MIN_RETRANSMIT_NANOS = 200_000_000L;

    private final LinkSpec spec;
    /** Null for a steady link. */
    private final TcpPath path;
    private long freeAt;
    private long messages;
    private long bytes;

    public Link(LinkSpec spec) {
        this(spec, 0);
    }

    /** @param swingSeed the seed of the link's latency swing, if it has one */
    public Link(LinkSpec spec, long swingSeed) {
        this.spec = spec;
        this.path = spec.tcp() ? new TcpPath(spec.latencyNanos(), spec.bytesPerSecond(), spec.jitterNanos(),
                spec.lossRate(), spec.swing(), swingSeed, MIN_RETRANSMIT_NANOS) : null;
    }

    public LinkSpec spec() {
        return spec;
    }

    /** Queues a message of {@code size} bytes sent at {@code now}; returns its arrival time. */
    public long transmit(long now, long size, RandomGenerator random) {
        if (path != null) {
            messages++;
            bytes += size;
            return path.arrival(now, size, random);
        }
        long start = Math.max(now, freeAt);
        long done = start + spec.transmissionNanos(size);
        freeAt = done;
        messages++;
        bytes += size;
        long arrival = done + spec.latencyNanos();
        if (spec.jitterNanos() > 0) {
            arrival += random.nextLong(spec.jitterNanos() + 1);
        }
        if (spec.lossRate() > 0) {
            long timeout = Math.max(MIN_RETRANSMIT_NANOS, 4 * spec.latencyNanos());
            while (random.nextDouble() < spec.lossRate()) {
                arrival += timeout;
                timeout *= 2; // exponential back-off, as TCP does
            }
        }
        return arrival;
    }

    /** Retransmission timeouts taken on a TCP path (0 on a steady link). */
    public long timeouts() {
        return path == null ? 0 : path.timeouts();
    }

    public long messages() {
        return messages;
    }

    public long bytes() {
        return bytes;
    }
}
