package satin.wanmodel;

/**
 * Steady-state TCP throughput under random packet loss, and its inverse: the loss rate that explains a measured
 * throughput on a path with a measured round trip.
 *
 * <ul>
 *   <li>Mathis et al. (1997): {@code B = MSS * sqrt(3/2) / (RTT * sqrt(p))}, congestion avoidance only;</li>
 *   <li>Padhye et al. (1998), with retransmission timeouts:
 *       {@code B = MSS / (RTT sqrt(2bp/3) + T0 min(1, 3 sqrt(3bp/8)) p (1 + 32 p^2))}, b = 2 segments acknowledged
 *       per ACK (delayed ACKs), T0 the retransmission timeout. At the paper's long round trips and high loss the
 *       timeouts dominate, which Mathis's formula leaves out.</li>
 * </ul>
 */
public final class TcpThroughput {
    /** Maximum segment size of an Ethernet path: 1500 bytes less 40 of IP and TCP headers. */
    public static final int MSS = 1460;
    /** Segments acknowledged per ACK (delayed ACKs). */
    private static final int B = 2;

    private TcpThroughput() {
    }

    /** Mathis's throughput in bytes/s for round trip {@code rttNanos} and loss rate {@code p} (> 0). */
    public static double mathis(long rttNanos, double p) {
        return MSS * Math.sqrt(1.5) / (rttNanos / 1e9 * Math.sqrt(p));
    }

    /** Padhye's throughput in bytes/s with retransmission timeout {@code rtoNanos}. */
    public static double padhye(long rttNanos, double p, long rtoNanos) {
        double rtt = rttNanos / 1e9;
        double t0 = rtoNanos / 1e9;
        return MSS / (rtt * Math.sqrt(2 * B * p / 3) + t0 * Math.min(1, 3 * Math.sqrt(3 * B * p / 8)) * p * (1 + 32 * p * p));
    }

    /**
     * The loss rate at which Padhye's model gives {@code bytesPerSecond} on this path: 0 when even a loss rate of one
     * in ten million would allow more (the path is limited by its capacity, not by loss), at most 0.5.
     */
    public static double inferLoss(long rttNanos, double bytesPerSecond, long rtoNanos) {
        double lo = 1e-7;
        double hi = 0.5;
        if (padhye(rttNanos, lo, rtoNanos) <= bytesPerSecond) {
            return 0;
        }
        if (padhye(rttNanos, hi, rtoNanos) >= bytesPerSecond) {
            return hi;
        }
        for (int i = 0; i < 200; i++) { // bisection in log space: the throughput falls monotonically with p
            double mid = Math.sqrt(lo * hi);
            if (padhye(rttNanos, mid, rtoNanos) > bytesPerSecond) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return Math.sqrt(lo * hi);
    }

    /**
     * The retransmission timeout of a path: twice its round trip (smoothed round trip plus four times a deviation of
     * a quarter of it), at least {@code floorNanos} (200 ms in Linux; a time-scaled emulation scales it).
     */
    public static long rto(long rttNanos, long floorNanos) {
        return Math.max(floorNanos, 2 * rttNanos);
    }

    /**
     * The retransmission timeout of a path whose round trip swings: Jacobson's estimator (RFC 2988) settles at the
     * smoothed round trip plus four times its mean deviation, here those of the swing's distribution, at least
     * {@code floorNanos}. On the paper's Amsterdam-Lecce link by day (44 ms / 204 ms / 3.5 s) that is 3.1 s, not the
     * 408 ms a steady 204 ms link has: a link whose round trip jumps between 44 ms and 3.5 s teaches its sender to
     * wait seconds before it retransmits.
     */
    public static long rto(LatencySwing swing, long floorNanos) {
        return Math.max(floorNanos, Math.round(swing.meanNanos() + 4 * swing.meanDeviationNanos()));
    }
}
