package satin.ipl.wan;

import satin.wanmodel.LatencySwing;

/**
 * The emulated properties of one direction of a wide-area link.
 *
 * @param latencyNanos   one-way latency added to every message
 * @param bytesPerSecond bandwidth; {@link Double#POSITIVE_INFINITY} for an unlimited link
 * @param jitterNanos    an extra delay drawn uniformly from [0, jitter] per message
 * @param loss           probability that a message is lost (unreliable traffic) or must be retransmitted
 *                       (reliable traffic); with {@code tcp}, the packet loss rate
 * @param tcp            reliable traffic crosses a TCP path ({@link satin.wanmodel.TcpPath}, the model the simulator
 *                       uses too): the bandwidth is the measured TCP throughput, a loss among a message's last
 *                       segments costs a retransmission timeout, slow start after idle, latency swings
 * @param swing          with {@code tcp}: the round trip's swings (it then replaces the latency), or null
 */
public record LinkParameters(long latencyNanos, double bytesPerSecond, long jitterNanos, double loss, boolean tcp,
                             LatencySwing swing) {
    /** A link that adds nothing. */
    public static final LinkParameters NONE = new LinkParameters(0, Double.POSITIVE_INFINITY, 0, 0);

    /** A steady link (no TCP path model). */
    public LinkParameters(long latencyNanos, double bytesPerSecond, long jitterNanos, double loss) {
        this(latencyNanos, bytesPerSecond, jitterNanos, loss, false, null);
    }

    public LinkParameters {
        if (swing != null && !tcp) {
            throw new IllegalArgumentException("a latency swing needs tcp=on");
        }
        if (tcp && Double.isInfinite(bytesPerSecond)) {
            throw new IllegalArgumentException("a TCP path needs a finite bandwidth (its measured throughput)");
        }
        if (latencyNanos < 0 || jitterNanos < 0) {
            throw new IllegalArgumentException("latency and jitter must not be negative");
        }
        if (!(bytesPerSecond > 0)) {
            throw new IllegalArgumentException("bandwidth must be positive, got " + bytesPerSecond + " B/s");
        }
        if (!(loss >= 0 && loss < 1)) {
            throw new IllegalArgumentException("loss must be a probability in [0, 1), got " + loss);
        }
    }

    /** Time a message of this size occupies the link. */
    public long transmissionNanos(long bytes) {
        return Double.isInfinite(bytesPerSecond) ? 0 : (long) Math.ceil(bytes * 1e9 / bytesPerSecond);
    }

    public boolean emulatesNothing() {
        return equals(NONE);
    }

    @Override
    public String toString() {
        return "latency=" + Quantities.formatDuration(latencyNanos) + " bandwidth="
                + Quantities.formatBandwidth(bytesPerSecond) + " jitter=" + Quantities.formatDuration(jitterNanos)
                + " loss=" + loss + (tcp ? " tcp=on" : "") + (swing == null ? "" : " swing="
                + Quantities.formatDuration(swing.minRttNanos()) + "/" + Quantities.formatDuration(swing.medianRttNanos())
                + "/" + Quantities.formatDuration(swing.maxRttNanos()) + "/" + Quantities.formatDuration(swing.epochNanos()));
    }
}
