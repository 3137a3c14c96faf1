package satin.ipl.wan;

import java.util.function.LongSupplier;
import java.util.random.RandomGenerator;
import satin.wanmodel.TcpPath;

/**
 * The timing model of one direction of an emulated link. Messages queue behind each other on the link:
 * <pre>
 *   departure = max(now, time the link becomes free) + size / bandwidth
 *   arrival   = departure + latency + jitter        (jitter uniform in [0, jitter])
 * </pre>
 * A lost unreliable message still occupies the link but never arrives. A reliable message cannot be lost, so
 * each loss (drawn repeatedly, as for a retransmitted packet) instead delays it by a retransmission penalty.
 * Reliable arrivals never overtake each other, so jitter cannot reorder a FIFO stream. With
 * {@link LinkParameters#tcp()}, reliable messages follow {@link TcpPath} instead (the simulator's model of the same
 * link). The link's queue (when the link is free again) and its TCP path's state are a {@link SharedPath}, which
 * the other senders over the same cluster pair may share: their messages then queue behind each other, as on the one
 * physical link between two sites. Not thread-safe (the shared path has its own lock); the clock is injected so
 * tests can use a fake one.
 */
public final class WanLink {
    /** Returned by {@link #schedule} for a lost message. */
    public static final long LOST = Long.MIN_VALUE;
    private static final int MAX_RETRANSMISSIONS = 16;

    private final LinkParameters parameters;
    private final long retransmissionPenaltyNanos;
    private final LongSupplier clock;
    private final RandomGenerator random;
    /** When the link is free again, and the TCP path's memory: maybe shared with other senders. */
    private final SharedPath shared;
    private long lastReliableArrival = Long.MIN_VALUE;
    /** Reliable traffic's model with {@code tcp}, else null. */
    private final TcpPath path;

    /**
     * @param retransmissionPenaltyNanos extra delay per loss of a reliable message (e.g. one round trip)
     * @param clock                      current time in nanoseconds
     * @param random                     loss and jitter draws (seed it for reproducible runs)
     */
    public WanLink(LinkParameters parameters, long retransmissionPenaltyNanos, LongSupplier clock,
                   RandomGenerator random) {
        this(parameters, retransmissionPenaltyNanos, clock, random, retransmissionPenaltyNanos, 0,
                new WanPaths.InMemory());
    }

    /**
     * @param rtoFloorNanos with {@code tcp}: the retransmission timeout's floor
     * @param swingSeed     with a swing: its seed (the same for every link of one cluster pair: one physical link)
     * @param shared        the link's queue and path state, shared with the other senders of its cluster pair
     */
    public WanLink(LinkParameters parameters, long retransmissionPenaltyNanos, LongSupplier clock,
                   RandomGenerator random, long rtoFloorNanos, long swingSeed, SharedPath shared) {
        this.parameters = parameters;
        this.retransmissionPenaltyNanos = retransmissionPenaltyNanos;
        this.clock = clock;
        this.random = random;
        this.shared = java.util.Objects.requireNonNull(shared, "shared");
        this.path = parameters.tcp() ? new TcpPath(parameters.latencyNanos(), parameters.bytesPerSecond(),
                parameters.jitterNanos(), parameters.loss(), parameters.swing(), swingSeed, rtoFloorNanos, shared)
                : null;
    }

    public LinkParameters parameters() {
        return parameters;
    }

    /** The arrival time of a message of {@code bytes} sent now, or {@link #LOST}. */
    public long schedule(long bytes, boolean reliable) {
        long departure;
        shared.lock();
        try {
            // the clock is read under the lock: senders of one path see its times in the order they take it
            long now = clock.getAsLong();
            shared.packets(shared.packets() + 1);
            if (reliable && path != null) {
                return path.arrival(now, bytes, random);
            }
            departure = Math.max(now, shared.freeAt()) + parameters.transmissionNanos(bytes);
            shared.freeAt(departure);
        } finally {
            shared.unlock();
        }
        long arrival = departure + parameters.latencyNanos() + jitter();
        if (!reliable) {
            return parameters.loss() > 0 && random.nextDouble() < parameters.loss() ? LOST : arrival;
        }
        for (int i = 0; i < MAX_RETRANSMISSIONS && parameters.loss() > 0 && random.nextDouble() < parameters.loss();
             i++) {
            arrival += retransmissionPenaltyNanos;
        }
        arrival = Math.max(arrival, lastReliableArrival);
        lastReliableArrival = arrival;
        return arrival;
    }

    /** Retransmission timeouts taken on the link's TCP path, by every sender sharing it (0 on a steady link). */
    public long timeouts() {
        return path == null ? 0 : path.timeouts();
    }

    private long jitter() {
        return parameters.jitterNanos() == 0 ? 0 : random.nextLong(parameters.jitterNanos() + 1);
    }
}
