package satin.ipl.udp;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
 * The udp transport's half of the ownership rule: a reliable packet is released once the peer acknowledged it
 * or its stream failed (here: the transport closed with messages unacknowledged, under loss and reordering, with datagrams held back), an unreliable one
 * once copied into its datagram, and a packet for a closed link at once; each exactly once.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class UdpReleaseTest {
    private final Tracked tracked = new Tracked();

    private static UdpTransport transport(String id, ReleasingHandler handler, double loss) throws Exception {
        IplConfig config = IplConfig.builder().set(IplProperties.IMPLEMENTATION, "udp")
                .set(IplProperties.BIND_ADDRESS, "127.0.0.1").set(UdpSettings.LOSS, Double.toString(loss))
                .set(UdpSettings.REORDER, Double.toString(loss)).build();
        UdpTransport t = new UdpTransport(new TestContext(config, handler));
        t.open(identity(id, t.address()));
        return t;
    }

    private static NodeIdentifier identity(String id, byte[] address) {
        return new NodeIdentifier(TestContext.POOL, id, Location.parse(id + "@c"), "udp", address);
    }

    @Test
    void everyPathReleasesEachPayloadOnce() throws Exception {
        ReleasingHandler aCore = new ReleasingHandler();
        ReleasingHandler bCore = new ReleasingHandler();
        UdpTransport a = transport("a", aCore, 0.3);
        UdpTransport b = transport("b", bCore, 0);
        int refused = 0;
        try {
            PeerLink link = a.link(identity("b", b.address()), 10_000);
            for (int i = 0; i < 10; i++) {
                // fragmented, kept for retransmission until acknowledged; some still unacknowledged at the end
                link.send(tracked.packet(Packet.DATA, Packet.FLAG_FIRST, 1, 1, 200_000, 200_000));
                link.sendUnreliable(tracked.packet(Packet.DATA, Packet.FLAG_UNRELIABLE, 1, 1, 100, 100));
                link.sendUnreliable(tracked.packet(Packet.DATA, Packet.FLAG_UNRELIABLE, 1, 1, 100_000, 100_000));
            }
            link.close("closed on purpose");
            for (int i = 0; i < 5; i++) {
                try {
                    link.send(tracked.packet(Packet.DATA, Packet.FLAG_FIRST, 1, 1, 1000, 1000));
                } catch (IplException e) {
                    refused++;
                }
            }
        } finally {
            a.close();
            b.close();
        }
        assertEquals(5, refused, "sends after the close fail");
        tracked.assertEachReleasedOnce();
    }
}
