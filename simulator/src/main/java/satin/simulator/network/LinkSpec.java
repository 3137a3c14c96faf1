package satin.simulator.network;

import satin.wanmodel.LatencySwing;
import satin.wanmodel.TcpPath;

/**
 * Properties of one directed link.
 *
 * @param latencyNanos one-way latency (half the round trip the paper quotes)
 * @param bytesPerSecond bandwidth; a message occupies the link for {@code bytes / bytesPerSecond}
 * @param jitterNanos each message gets an extra delay drawn uniformly from {@code [0, jitterNanos]}
 * @param lossRate probability that one transmission is lost; a lost message is resent after a TCP-like
 *     retransmission timeout, so it arrives late but always arrives. With {@code tcp}: the packet loss rate
 * @param tcp the link is a TCP path ({@link TcpPath}: the bandwidth is the measured TCP throughput, a loss among a
 *     message's last segments costs a retransmission timeout, slow start after idle, swings); false: the steady link
 *     above, as Table 2.1's simulated links are
 * @param swing with {@code tcp}: the round trip's swings (then it replaces {@code latencyNanos}), or null
 */
public record LinkSpec(long latencyNanos, double bytesPerSecond, long jitterNanos, double lossRate, boolean tcp,
                       LatencySwing swing) {

    /** A steady link (no TCP path model). */
    public LinkSpec(long latencyNanos, double bytesPerSecond, long jitterNanos, double lossRate) {
        this(latencyNanos, bytesPerSecond, jitterNanos, lossRate, false, null);
    }

    /** A TCP path ({@link TcpPath}) with this loss rate and swing (may be null). */
    public static LinkSpec tcp(long latencyNanos, double bytesPerSecond, double lossRate, LatencySwing swing) {
        return new LinkSpec(latencyNanos, bytesPerSecond, 0, lossRate, true, swing);
    }

    public LinkSpec {
        if (swing != null && !tcp) {
            throw new IllegalArgumentException("a latency swing needs the TCP path model");
        }
        if (latencyNanos < 0) {
            throw new IllegalArgumentException("negative link latency: " + latencyNanos + " ns");
        }
        if (!(bytesPerSecond > 0) || Double.isInfinite(bytesPerSecond)) {
            throw new IllegalArgumentException("link bandwidth must be positive and finite, got " + bytesPerSecond + " bytes/s");
        }
        if (jitterNanos < 0) {
            throw new IllegalArgumentException("negative jitter: " + jitterNanos + " ns");
        }
        if (lossRate < 0 || lossRate >= 1) {
            throw new IllegalArgumentException("loss rate must be in [0, 1), got " + lossRate);
        }
    }

    /** A link without jitter or loss. */
    public static LinkSpec of(long latencyNanos, double bytesPerSecond) {
        return new LinkSpec(latencyNanos, bytesPerSecond, 0, 0);
    }

    /** From the paper's units: round trip in milliseconds and bandwidth in KByte/s (1 KByte = 1000 bytes). */
    public static LinkSpec fromRoundTrip(double roundTripMillis, double kiloBytesPerSecond) {
        return of(Math.round(roundTripMillis * 1e6 / 2), kiloBytesPerSecond * 1000);
    }

    /** Time the link is busy sending {@code bytes}. */
    public long transmissionNanos(long bytes) {
        return (long) Math.ceil(bytes * 1e9 / bytesPerSecond);
    }
}
