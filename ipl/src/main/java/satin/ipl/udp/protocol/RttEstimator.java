package satin.ipl.udp.protocol;

/**
 * Round-trip time estimation and retransmission timeout as in RFC 6298, in nanoseconds:
 * first sample R gives SRTT = R, RTTVAR = R/2; later samples RTTVAR = 3/4 RTTVAR + 1/4 |SRTT - R| and
 * SRTT = 7/8 SRTT + 1/8 R; RTO = SRTT + max(G, 4 RTTVAR), clamped to [minRto, maxRto]. A timeout doubles RTO
 * (backoff) until the next sample recomputes it.
 *
 * <p>One departure: a sample below a quarter of SRTT starts the estimate over, as a first sample. The samples
 * before it then measured a stall of the peer (a JVM starting and not yet reading its socket, a collection), not
 * the path. RFC 6298 forgets them only slowly: SRTT by an eighth per sample, while RTTVAR, fed by the large error of
 * a falling round trip, first grows. A session carrying a few messages a second thus kept an RTO of one to two
 * seconds long after a 600 ms stall at its start, and each lost datagram held its message, and every message behind
 * it, that long. Starting over too low costs at most a needless retransmission, which the peer acknowledges as a
 * duplicate, and the timeout's backoff.
 */
public final class RttEstimator {
    /** A sample below SRTT divided by this starts the estimate over. */
    private static final int RESTART_FACTOR = 4;

    private final long minRto;
    private final long maxRto;
    private final long granularity;
    private long srtt = -1;
    private long rttvar;
    private long rto;

    public RttEstimator(long initialRtoNanos, long minRtoNanos, long maxRtoNanos, long granularityNanos) {
        if (minRtoNanos <= 0 || maxRtoNanos < minRtoNanos) {
            throw new IllegalArgumentException("need 0 < minRto <= maxRto, got " + minRtoNanos + ", " + maxRtoNanos);
        }
        this.minRto = minRtoNanos;
        this.maxRto = maxRtoNanos;
        this.granularity = granularityNanos;
        this.rto = clamp(initialRtoNanos);
    }

    public void sample(long rttNanos) {
        if (rttNanos < 0) {
            return;
        }
        if (srtt < 0 || rttNanos < srtt / RESTART_FACTOR) {
            srtt = rttNanos;
            rttvar = rttNanos / 2;
        } else {
            rttvar = (3 * rttvar + Math.abs(srtt - rttNanos)) / 4;
            srtt = (7 * srtt + rttNanos) / 8;
        }
        rto = clamp(srtt + Math.max(granularity, 4 * rttvar));
    }

    /** Called once per timeout event. */
    public void backoff() {
        rto = clamp(rto > maxRto / 2 ? maxRto : rto * 2);
    }

    private long clamp(long v) {
        return Math.max(minRto, Math.min(maxRto, v));
    }

    public long rto() {
        return rto;
    }

    /** Smoothed RTT, or -1 before the first sample. */
    public long srtt() {
        return srtt;
    }

    public long rttvar() {
        return rttvar;
    }
}
