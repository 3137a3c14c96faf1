package satin.wanmodel;

import java.util.random.RandomGenerator;

/**
 * One direction of a TCP connection across a wide-area link, as a FIFO server (see the package comment for why each
 * part is there). A message of {@code n} bytes sent at {@code now}:
 * <pre>
 *   rtt      = the swing's round trip now, or 2 x one-way latency
 *   start    = max(now, when the previous message has left)
 *   sending  = max(n / bandwidth, (r - 1) x rtt)   r = slow-start rounds for ceil(n / MSS) segments from a window
 *                                                  of 2, only after the connection was idle longer than the RTO
 *   arrival  = start + sending + rtt / 2 + jitter
 *            + RTO (doubling while the retransmission is lost) if a segment among the last three is lost
 *   arrival  = max(arrival, the previous message's arrival)        (a stream never reorders)
 * </pre>
 * The bandwidth is the measured TCP throughput, which already includes what loss costs a long stream, so loss is
 * charged only where a stream would not see it (the tail of a message). The path's memory between messages is a
 * {@link PathState}, which several senders of one physical path may share (their messages then queue behind each
 * other, as on the real link). Not thread-safe: the caller serializes the messages of one state.
 */
public final class TcpPath {
    /** Initial congestion window in segments (RFC 2581, the stacks of the paper's time). */
    public static final int INITIAL_WINDOW = 2;
    private static final int MAX_RETRANSMISSIONS = 16;

    private final long oneWayNanos;
    private final double bytesPerSecond;
    private final long jitterNanos;
    private final double loss;
    private final LatencySwing swing;
    private final long swingSeed;
    private final long rtoFloorNanos;
    /** With a swing: the retransmission timeout its distribution teaches TCP ({@link TcpThroughput#rto(LatencySwing, long)}). */
    private final long swingRtoNanos;
    private final PathState state;

    /**
     * @param oneWayNanos    one-way latency (used when there is no swing)
     * @param bytesPerSecond the link's measured TCP throughput
     * @param jitterNanos    extra delay per message, uniform in [0, jitter]
     * @param loss           packet loss rate (e.g. {@link TcpThroughput#inferLoss})
     * @param swing          the round trip's swings, or null for a steady link
     * @param swingSeed      the swing's seed
     * @param rtoFloorNanos  the retransmission timeout's floor
     */
    public TcpPath(long oneWayNanos, double bytesPerSecond, long jitterNanos, double loss, LatencySwing swing,
            long swingSeed, long rtoFloorNanos) {
        this(oneWayNanos, bytesPerSecond, jitterNanos, loss, swing, swingSeed, rtoFloorNanos, PathState.inMemory());
    }

    /** A path whose memory between messages is {@code state} (shared with the other senders of one physical path). */
    public TcpPath(long oneWayNanos, double bytesPerSecond, long jitterNanos, double loss, LatencySwing swing,
            long swingSeed, long rtoFloorNanos, PathState state) {
        if (oneWayNanos < 0 || jitterNanos < 0 || rtoFloorNanos < 0) {
            throw new IllegalArgumentException("latency, jitter and RTO floor must not be negative");
        }
        if (!(bytesPerSecond > 0)) {
            throw new IllegalArgumentException("bandwidth must be positive, got " + bytesPerSecond + " B/s");
        }
        if (!(loss >= 0 && loss < 1)) {
            throw new IllegalArgumentException("loss must be in [0, 1), got " + loss);
        }
        this.oneWayNanos = oneWayNanos;
        this.bytesPerSecond = bytesPerSecond;
        this.jitterNanos = jitterNanos;
        this.loss = loss;
        this.swing = swing;
        this.swingSeed = swingSeed;
        this.rtoFloorNanos = rtoFloorNanos;
        this.swingRtoNanos = swing == null ? 0 : TcpThroughput.rto(swing, rtoFloorNanos);
        this.state = java.util.Objects.requireNonNull(state, "state");
    }

    /** The arrival time of a message of {@code bytes} sent at {@code now}; draws loss and jitter from {@code random}. */
    public long arrival(long now, long bytes, RandomGenerator random) {
        long rtt = rttAt(now);
        long rto = Math.max(TcpThroughput.rto(rtt, rtoFloorNanos), swingRtoNanos);
        long start = Math.max(now, state.freeAt());
        long lastActive = state.lastActive();
        boolean restart = lastActive == PathState.NEVER || start - lastActive > rto;
        long segments = Math.max(1, (bytes + TcpThroughput.MSS - 1) / TcpThroughput.MSS);
        long sending = Math.max(Double.isInfinite(bytesPerSecond) ? 0 : (long) Math.ceil(bytes * 1e9 / bytesPerSecond),
                restart ? (slowStartRounds(segments) - 1) * rtt : 0);
        long done = start + sending;
        state.freeAt(done);
        state.lastActive(done);
        long arrival = done + rtt / 2 + (jitterNanos > 0 ? random.nextLong(jitterNanos + 1) : 0);
        if (loss > 0) {
            double tailLost = 1 - Math.pow(1 - loss, Math.min(3, segments));
            if (random.nextDouble() < tailLost) {
                long timeout = rto;
                int retries = 0;
                do {
                    arrival += timeout;
                    timeout *= 2;
                } while (++retries < MAX_RETRANSMISSIONS && random.nextDouble() < loss);
                state.timeouts(state.timeouts() + retries);
            }
        }
        arrival = Math.max(arrival, state.lastArrival());
        state.lastArrival(arrival);
        return arrival;
    }

    /** The round trip at {@code timeNanos}. */
    public long rttAt(long timeNanos) {
        return swing == null ? 2 * oneWayNanos : swing.rttAt(timeNanos, swingSeed);
    }

    /** Retransmission timeouts taken so far. */
    public long timeouts() {
        return state.timeouts();
    }

    /** Rounds of slow start from {@link #INITIAL_WINDOW} (doubling) to send {@code segments}: 1 for a small message. */
    static long slowStartRounds(long segments) {
        long rounds = 0;
        long sent = 0;
        for (long window = INITIAL_WINDOW; sent < segments; window *= 2) {
            sent += window;
            rounds++;
        }
        return rounds;
    }
}
