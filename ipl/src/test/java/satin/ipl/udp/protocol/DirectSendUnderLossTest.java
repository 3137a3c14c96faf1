package satin.ipl.udp.protocol;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Exactly-once in-order delivery when the network itself loses 20% of the datagrams and duplicates and reorders
 * others: unlike the fault injector, which sits in the Netty pipeline and therefore routes every send through the
 * event loop, the relay also damages the packets that sending threads transmit directly, while the event loop
 * retransmits on the same sessions.
 */
class DirectSendUnderLossTest {
    private static final ProtocolConfig ETHERNET = ProtocolConfig.defaults().withLoopbackFragmentPayload(1400);

    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void everyMessageExactlyOnceInOrderThroughALossyNetwork() throws Exception {
        Collector atA = new Collector();
        Collector atB = new Collector();
        try (UdpEndpoint a = UdpEndpoint.builder(atA).config(ETHERNET).open();
             UdpEndpoint b = UdpEndpoint.builder(atB).config(ETHERNET).open();
             LossyRelay relay = new LossyRelay(b.localAddress(), 0.20, 0.05, 0.10, 17)) {
            int count = 2000;
            SplittableRandom sizes = new SplittableRandom(5);
            int[] aToB = new int[count];
            int[] bToA = new int[count];
            for (int i = 0; i < count; i++) {
                aToB[i] = Messages.mixedSize(sizes);
                bToA[i] = Messages.mixedSize(sizes);
            }
            List<CompletableFuture<Void>> forward = new ArrayList<>();
            forward.add(a.send(relay.front(), Messages.message(30, 0, aToB[0])));
            forward.get(0).get();
            // b knows a only as the relay's back address, from a's first message on.
            List<CompletableFuture<Void>> reverse = new ArrayList<>();
            Thread replies = new Thread(() -> {
                try {
                    for (int i = 0; i < count; i++) {
                        reverse.add(b.send(relay.back(), Messages.message(40, i, bToA[i])));
                    }
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            replies.start();
            for (int i = 1; i < count; i++) {
                forward.add(a.send(relay.front(), Messages.message(30, i, aToB[i])));
            }
            replies.join();
            CompletableFuture.allOf(forward.toArray(CompletableFuture[]::new)).get();
            CompletableFuture.allOf(reverse.toArray(CompletableFuture[]::new)).get();

            Messages.assertInOrder(30, aToB, atB.messages());
            Messages.assertInOrder(40, bToA, atA.messages());
            assertTrue(relay.dropped() > 500, "the relay really lost datagrams: " + relay.dropped());
            assertTrue(a.retransmissions() > 0 && b.retransmissions() > 0, "losses were repaired");
        }
    }
}
