package satin.simulator.network;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class LinkTest {
    private static final SplittableRandom RANDOM = new SplittableRandom(1);

    @Test
    void onAnIdleLinkAMessageArrivesAfterLatencyPlusBytesOverBandwidth() {
        Link link = new Link(LinkSpec.fromRoundTrip(200, 100)); // 100 ms one way, 100,000 bytes/s
        long sent = 5_000_000_000L;
        // 50,000 bytes take 0.5 s on the wire
        assertEquals(sent + 100_000_000L + 500_000_000L, link.transmit(sent, 50_000, RANDOM));
    }

    @Test
    void messagesOnOneLinkQueueBehindEachOther() {
        Link link = new Link(LinkSpec.of(1_000_000, 1e6)); // 1 ms, 1 MB/s: 1 byte per microsecond
        long first = link.transmit(0, 10_000, RANDOM);     // wire busy 0..10 ms
        long second = link.transmit(2_000_000, 100, RANDOM); // waits until 10 ms, then 0.1 ms
        assertEquals(11_000_000L, first);
        assertEquals(10_000_000L + 100_000L + 1_000_000L, second);
        long later = link.transmit(50_000_000L, 100, RANDOM); // link idle again
        assertEquals(50_000_000L + 100_000L + 1_000_000L, later);
        assertEquals(3, link.messages());
        assertEquals(10_200, link.bytes());
    }

    @Test
    void jitterAndLossOnlyDelay() {
        Link link = new Link(new LinkSpec(1_000_000, 1e9, 500_000, 0.3));
        for (int i = 0; i < 1_000; i++) {
            long now = i * 1_000_000_000L;
            long arrival = link.transmit(now, 1_000, RANDOM);
            assertTrue(arrival >= now + 1_000_000 + 1_000, "never earlier than the jitter-free idle arrival");
        }
    }

    @Test
    void badSpecsNameTheProblem() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> LinkSpec.of(1, 0));
        assertTrue(e.getMessage().contains("bandwidth"));
        assertThrows(IllegalArgumentException.class, () -> new LinkSpec(1, 1, 0, 1.0));
    }
}
