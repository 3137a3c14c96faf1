package satin.ipl.wan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.SplittableRandom;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import satin.ipl.Location;
import satin.ipl.NodeIdentifier;
import satin.ipl.leaks.Tracked;
import satin.ipl.spi.Packet;
import satin.ipl.spi.RecordingLink;

/**
 * The WAN emulation's half of the ownership rule: a packet it loses, or still holds when the link closes or
 * the emulation stops, it releases, exactly once; what it passes on is the inner link's.
 */
class WanReleaseTest {
    private static final long HOUR = 3_600_000_000_000L;

    private final Tracked tracked = new Tracked();
    private final ScheduledExecutorService scheduler = new ScheduledThreadPoolExecutor(1);
    /** The transport's link underneath: records and releases what the emulation passes on. */
    private final RecordingLink inner = new RecordingLink(new NodeIdentifier("pool", "peer", Location.parse("p@c"),
            "tcp", new byte[0]));

    private WanPeerLink link(long latency, double loss) {
        return new WanPeerLink(inner, new WanLink(new LinkParameters(latency, Double.POSITIVE_INFINITY, 0, loss),
                1_000_000, System::nanoTime, new SplittableRandom(1)), scheduler, System::nanoTime);
    }

    private Packet packet() {
        return tracked.packet(Packet.DATA, (byte) (Packet.FLAG_FIRST | Packet.FLAG_UNRELIABLE), 1, 1, 100, 100);
    }

    @AfterEach
    void stop() {
        scheduler.shutdownNow();
    }

    @Test
    void lostDatagramsAreReleasedOnce() throws Exception {
        WanPeerLink link = link(1_000_000, 0.5);
        for (int i = 0; i < 40; i++) {
            link.sendUnreliable(packet());
        }
        tracked.awaitAllReleased(10);
        int passed = inner.sent.size();
        assertTrue(passed > 0 && passed < 40, passed + " of 40 datagrams passed a link losing half");
        tracked.assertEachReleasedOnce();
    }

    @Test
    void packetsStillOnTheEmulatedWireAreReleasedOnceWhenTheLinkDrops() throws IOException {
        WanPeerLink link = link(HOUR, 0);
        for (int i = 0; i < 10; i++) {
            link.send(packet());
            link.sendUnreliable(packet());
        }
        link.drop();
        assertThrows(IOException.class, () -> link.send(packet()));
        assertEquals(0, inner.sent.size());
        tracked.assertEachReleasedOnce();
    }

    @Test
    void packetsForAStoppedEmulationOrAClosedLinkAreReleasedOnce() {
        WanPeerLink link = link(HOUR, 0);
        scheduler.shutdownNow();
        assertThrows(IOException.class, () -> link.send(packet()));
        assertThrows(IOException.class, () -> link.sendUnreliable(packet()));
        inner.close("closed underneath");
        assertThrows(IOException.class, () -> link.send(packet()));
        tracked.assertEachReleasedOnce();
    }

    @Test
    void delayedPacketsArePassedOnOnce() throws Exception {
        WanPeerLink link = link(1_000_000, 0);
        for (int i = 0; i < 10; i++) {
            link.send(packet());
            link.sendUnreliable(packet());
        }
        tracked.awaitAllReleased(10);
        assertEquals(20, inner.sent.size());
        tracked.assertEachReleasedOnce();
    }
}
