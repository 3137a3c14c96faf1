package satin.ipl.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import satin.ipl.IplConfig;
import satin.ipl.IplException;
import satin.ipl.IplProperties;
import satin.ipl.Location;
import satin.ipl.NodeIdentifier;
import satin.ipl.leaks.Tracked;
import satin.ipl.spi.Packet;
import satin.ipl.spi.PeerLink;
import satin.ipl.spi.ReleasingHandler;
import satin.ipl.spi.TestContext;

/**
 * The local transport's half of the ownership rule: a packet crosses to the receiving node, which releases
 * it; one the link can no longer deliver (closed before or while it was queued) is released by the transport.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class LocalReleaseTest {
    private static final IplConfig CONFIG = IplConfig.builder().set(IplProperties.IMPLEMENTATION, "local").build();

    private final Tracked tracked = new Tracked();

    @Test
    void deliveredDroppedAndRefusedPacketsAreEachReleasedOnce() throws Exception {
        LocalNetwork network = new LocalNetwork();
        ReleasingHandler bCore = new ReleasingHandler();
        LocalTransport a = new LocalTransport(network, new TestContext(CONFIG, new ReleasingHandler()));
        LocalTransport b = new LocalTransport(network, new TestContext(CONFIG, bCore));
        NodeIdentifier bId = new NodeIdentifier(TestContext.POOL, "b", Location.parse("b@c"), "local", b.address());
        a.open(new NodeIdentifier(TestContext.POOL, "a", Location.parse("a@c"), "local", a.address()));
        b.open(bId);
        PeerLink link = a.link(bId, 1000);
        for (int i = 0; i < 100; i++) {
            link.send(tracked.packet(Packet.DATA, Packet.FLAG_FIRST, 1, 1, 1000, 1000));
        }
        link.close("closed while packets are queued");
        assertThrows(IplException.class, () -> link.send(tracked.packet(Packet.CREDIT, (byte) 0, 1, 0, 1, 10)));
        a.close();
        b.close();
        tracked.awaitAllReleased(10);
        tracked.assertEachReleasedOnce();
        assertEquals(true, bCore.received.size() <= 100);
    }
}
