package satin.ipl.udp.protocol;

import static org.junit.jupiter.api.Assertions.assertTrue;

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
            Messages.exchangeBothWays(a, relay.front(), atA, b, relay.back(), atB, 2000, 30);
            assertTrue(relay.dropped() > 500, "the relay really lost datagrams: " + relay.dropped());
            assertTrue(a.retransmissions() > 0 && b.retransmissions() > 0, "losses were repaired");
        }
    }
}
