package satin.ipl.core;

import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

import satin.ipl.IplException;
import satin.ipl.Location;
import satin.ipl.NodeIdentifier;
import satin.ipl.leaks.Tracked;
import satin.ipl.spi.Packet;
import satin.ipl.spi.ReleasingHandler;

/** A node's link to itself hands packets to its handler, which releases them, and releases what it refuses. */
class LoopbackReleaseTest {
    @Test
    void queuedAndRefusedPacketsAreEachReleasedOnce() throws Exception {
        Tracked tracked = new Tracked();
        LoopbackLink link = new LoopbackLink(new NodeIdentifier("pool", "self", Location.parse("s@c"), "local",
                new byte[0]), new ReleasingHandler());
        for (int i = 0; i < 50; i++) {
            link.send(tracked.packet(Packet.DATA, Packet.FLAG_FIRST, 1, 1, 100, 100));
        }
        link.close("node closed");
        assertThrows(IplException.class, () -> link.send(tracked.packet(Packet.CREDIT, (byte) 0, 1, 0, 1, 10)));
        tracked.awaitAllReleased(10);
        tracked.assertEachReleasedOnce();
    }
}
