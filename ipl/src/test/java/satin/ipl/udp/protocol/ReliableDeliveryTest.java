package satin.ipl.udp.protocol;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import satin.ipl.udp.FaultInjector;
import satin.ipl.udp.FaultInjector.Faults;

/** Exactly-once in-order delivery through real UDP sockets, with and without injected faults. */
class ReliableDeliveryTest {

    private static final Faults HOSTILE_NETWORK = new Faults(0.20, 0.05, 0.10, 5, 42);

    /** Ethernet-sized fragments also on loopback, so that messages really span many packets. */
    private static final ProtocolConfig ETHERNET = ProtocolConfig.defaults().withLoopbackFragmentPayload(1400);

    private static UdpEndpoint open(Collector c, Faults faults, List<FaultInjector> injectors) throws Exception {
        UdpEndpointBuilder b = UdpEndpoint.builder(c).config(ETHERNET);
        if (faults != null) {
            b.outboundFilter(() -> {
                FaultInjector f = new FaultInjector(faults);
                injectors.add(f);
                return f;
            });
        }
        return b.open();
    }

    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void everyMessageExactlyOnceInOrderUnderLossDuplicationAndReordering() throws Exception {
        List<FaultInjector> injectors = new ArrayList<>();
        Collector atA = new Collector();
        Collector atB = new Collector();
        try (UdpEndpoint a = open(atA, HOSTILE_NETWORK.withSeed(1), injectors);
             UdpEndpoint b = open(atB, HOSTILE_NETWORK.withSeed(2), injectors)) {
            Messages.exchangeBothWays(a, b.localAddress(), atA, b, a.localAddress(), atB, 5000, 10);
            long lost = injectors.stream().mapToLong(FaultInjector::dropped).sum();
            long duplicated = injectors.stream().mapToLong(FaultInjector::duplicated).sum();
            long delayed = injectors.stream().mapToLong(FaultInjector::delayed).sum();
            assertTrue(lost > 1000 && duplicated > 100 && delayed > 100,
                    "faults really happened: lost " + lost + ", duplicated " + duplicated + ", delayed " + delayed);
            assertTrue(a.retransmissions() > 0 && b.retransmissions() > 0, "losses were repaired by retransmission");
            assertTrue(a.smoothedRtt(b.localAddress()) > 0, "round-trip time was measured");
        }
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void largeMessagesAreReassembled() throws Exception {
        Collector atB = new Collector();
        try (UdpEndpoint a = UdpEndpoint.builder(new Collector()).config(ETHERNET).open();
             UdpEndpoint b = UdpEndpoint.builder(atB).config(ETHERNET).open()) {
            int[] sizes = {64 << 20, 0, 1400, 1401, 2800, 3 << 20};
            List<CompletableFuture<Void>> acks = new ArrayList<>();
            for (int i = 0; i < sizes.length; i++) {
                acks.add(a.send(b.localAddress(), Messages.message(3, i, sizes[i])));
            }
            CompletableFuture.allOf(acks.toArray(CompletableFuture[]::new)).get();
            List<byte[]> got = atB.messages();
            assertEquals(sizes.length, got.size());
            assertEquals(64 << 20, got.get(0).length);
            assertArrayEquals(Messages.message(3, 0, sizes[0]), got.get(0));
            for (int i = 1; i < sizes.length; i++) {
                assertArrayEquals(Messages.message(3, i, sizes[i]), got.get(i), "message " + i);
            }
        }
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void largeMessageSurvivesLoss() throws Exception {
        List<FaultInjector> injectors = new ArrayList<>();
        Collector atB = new Collector();
        try (UdpEndpoint a = open(new Collector(), HOSTILE_NETWORK.withSeed(5), injectors);
             UdpEndpoint b = open(atB, HOSTILE_NETWORK.withSeed(6), injectors)) {
            int[] sizes = {4 << 20, 10, 1 << 20};
            List<CompletableFuture<Void>> acks = new ArrayList<>();
            for (int i = 0; i < sizes.length; i++) {
                acks.add(a.send(b.localAddress(), Messages.message(4, i, sizes[i])));
            }
            CompletableFuture.allOf(acks.toArray(CompletableFuture[]::new)).get();
            Messages.assertInOrder(4, sizes, atB.messages());
        }
    }
}
