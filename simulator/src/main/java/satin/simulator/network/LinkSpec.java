package satin.simulator.network;

/**
 * Properties of one directed link.
 *
 * @param latencyNanos one-way latency (half the round trip the paper quotes)
 * @param bytesPerSecond bandwidth; a message occupies the link for {@code bytes / bytesPerSecond}
 * @param jitterNanos each message gets an extra delay drawn uniformly from {@code [0, jitterNanos]}
 * @param lossRate probability that one transmission is lost; a lost message is resent after a TCP-like
 *     retransmission timeout, so it arrives late but always arrives
 */
public record LinkSpec(long latencyNanos, double bytesPerSecond, long jitterNanos, double lossRate) {
    public LinkSpec {
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
