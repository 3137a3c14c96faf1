package satin.ipl.udp.protocol;

import java.net.SocketAddress;
import java.util.concurrent.atomic.AtomicLongArray;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Counts discarded datagrams by reason and logs them at most once per interval, so a flood of garbage cannot
 * turn into a flood of log lines: anomalies as warnings, {@link DropReason#expected() expected} drops (a reconnected
 * peer's late datagrams) at debug level, each with its own interval.
 */
public final class DropLog {
    private static final Logger LOG = LoggerFactory.getLogger(DropLog.class);
    private static final long INTERVAL_NANOS = 1_000_000_000L;

    private final AtomicLongArray counts = new AtomicLongArray(DropReason.values().length);
    private long lastLogged = System.nanoTime() - INTERVAL_NANOS;
    private long suppressed;
    private long lastExpected = System.nanoTime() - INTERVAL_NANOS;
    private long expectedSuppressed;

    /** Called from the endpoint's single event-loop thread (also by its {@link DatagramGuard}). */
    public void drop(DropReason reason, SocketAddress from, String detail) {
        counts.incrementAndGet(reason.ordinal());
        long now = System.nanoTime();
        if (reason.expected()) {
            if (now - lastExpected >= INTERVAL_NANOS) {
                LOG.debug("dropped datagram from {}: {} ({}), as expected after a reconnect or a close; {} more "
                        + "such since the last report", from, reason.description(), detail, expectedSuppressed);
                lastExpected = now;
                expectedSuppressed = 0;
            } else {
                expectedSuppressed++;
            }
            return;
        }
        if (now - lastLogged >= INTERVAL_NANOS) {
            LOG.warn("dropped datagram from {}: {} ({}); {} more dropped since the last report", from,
                    reason.description(), detail, suppressed);
            lastLogged = now;
            suppressed = 0;
        } else {
            suppressed++;
        }
    }

    public long count(DropReason reason) {
        return counts.get(reason.ordinal());
    }

    public long total() {
        long sum = 0;
        for (int i = 0; i < counts.length(); i++) {
            sum += counts.get(i);
        }
        return sum;
    }
}
