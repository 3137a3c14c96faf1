package satin.ipl.wan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

class WanLinkTest {
    private static final long MS = 1_000_000L;
    private long now = 1_000 * MS;

    private WanLink link(LinkParameters p, long seed) {
        return new WanLink(p, 200 * MS, () -> now, new Random(seed));
    }

    @Test
    void idleLinkDeliversAfterLatencyPlusTransmissionTime() {
        WanLink l = link(new LinkParameters(10 * MS, 100_000, 0, 0), 1);
        // 5000 bytes at 100 KB/s take 50 ms on the wire.
        assertEquals(now + 50 * MS + 10 * MS, l.schedule(5000, true));
    }

    @Test
    void messagesQueueBehindEachOther() {
        WanLink l = link(new LinkParameters(100 * MS, 1_000_000, 0, 0), 1);
        long t0 = now;
        assertEquals(t0 + 10 * MS + 100 * MS, l.schedule(10_000, true));
        assertEquals(t0 + 20 * MS + 100 * MS, l.schedule(10_000, false), "waits for the first to leave");
        now += 5 * MS;
        assertEquals(t0 + 21 * MS + 100 * MS, l.schedule(1_000, true), "still queued behind both");
        now = t0 + 500 * MS;
        assertEquals(now + 1 * MS + 100 * MS, l.schedule(1_000, true), "link idle again");
    }

    @Test
    void unlimitedBandwidthAddsOnlyLatency() {
        WanLink l = link(new LinkParameters(7 * MS, Double.POSITIVE_INFINITY, 0, 0), 1);
        assertEquals(now + 7 * MS, l.schedule(64 << 20, true));
        assertEquals(now + 7 * MS, l.schedule(64 << 20, true));
    }

    @Test
    void jitterStaysInRangeAndNeverReordersReliableTraffic() {
        WanLink l = link(new LinkParameters(10 * MS, Double.POSITIVE_INFINITY, 5 * MS, 0), 3);
        long previous = Long.MIN_VALUE;
        boolean varied = false;
        for (int i = 0; i < 1000; i++) {
            long unreliable = l.schedule(100, false);
            assertTrue(unreliable >= now + 10 * MS && unreliable <= now + 15 * MS);
            long arrival = l.schedule(100, true);
            assertTrue(arrival >= previous, "FIFO preserved");
            varied |= previous != Long.MIN_VALUE && arrival != previous;
            previous = arrival;
            now += MS;
        }
        assertTrue(varied);
    }

    @Test
    void lossRateIsStatisticallyPlausible() {
        WanLink l = link(new LinkParameters(0, Double.POSITIVE_INFINITY, 0, 0.2), 42);
        int n = 100_000;
        int lost = 0;
        for (int i = 0; i < n; i++) {
            if (l.schedule(10, false) == WanLink.LOST) {
                lost++;
            }
        }
        // Binomial(100000, 0.2): standard deviation ~126; allow 6 sigma.
        assertTrue(Math.abs(lost - 0.2 * n) < 6 * Math.sqrt(n * 0.2 * 0.8), "lost " + lost);
    }

    @Test
    void reliableLossBecomesRetransmissionDelay() {
        WanLink l = link(new LinkParameters(10 * MS, Double.POSITIVE_INFINITY, 0, 0.5), 9);
        int delayed = 0;
        for (int i = 0; i < 1000; i++) {
            now += 10_000 * MS;
            long arrival = l.schedule(10, true);
            assertTrue(arrival != WanLink.LOST);
            long extra = arrival - now - 10 * MS;
            assertEquals(0, extra % (200 * MS), "whole retransmission penalties");
            if (extra > 0) {
                delayed++;
            }
        }
        assertTrue(delayed > 400 && delayed < 600, "about half delayed: " + delayed);
    }

    @Test
    void sameSeedSameDecisions() {
        LinkParameters p = new LinkParameters(1 * MS, 1e6, 3 * MS, 0.3);
        WanLink a = link(p, 77);
        WanLink b = link(p, 77);
        for (int i = 0; i < 100; i++) {
            assertEquals(a.schedule(i, i % 2 == 0), b.schedule(i, i % 2 == 0));
        }
    }
}
