package satin.ipl.fuzz;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;

import io.netty.buffer.Unpooled;

import satin.ipl.udp.protocol.MalformedPacketException;
import satin.ipl.udp.protocol.Packet;
import satin.ipl.udp.protocol.PacketDecoder;

/**
 * Coverage-guided fuzzing of the udp datagram decoder: a packet that keeps the protocol's invariants or
 * a {@link MalformedPacketException} naming a drop reason, nothing else.
 */
class UdpPacketFuzzTest {
    private static final int MAX_MESSAGE = 1 << 20;
    private static final int MAX_FRAGMENT = 1400;
    private final PacketDecoder decoder = new PacketDecoder(MAX_MESSAGE, MAX_FRAGMENT);

    @FuzzTest(maxDuration = "60s")
    void decode(byte[] datagram) {
        Allocation.bounded(datagram.length, 16, () -> check(decoder, datagram));
    }

    private static void check(PacketDecoder decoder, byte[] datagram) {
        try {
            Packet p = decoder.decode(Unpooled.wrappedBuffer(datagram));
            if (p instanceof Packet.Data d) {
                int payload = d.payload().readableBytes();
                assertTrue(d.seq() >= 0 && payload <= MAX_FRAGMENT && payload < datagram.length, d.toString());
                assertTrue(!d.first() || (d.totalLength() >= payload && d.totalLength() <= MAX_MESSAGE), d.toString());
            } else if (p instanceof Packet.Ack a) {
                assertTrue(a.cumulative() >= 0 && a.window() >= 0, a.toString());
                for (int i = 0; i < a.ranges().length; i += 2) {
                    assertTrue(a.ranges()[i] > a.cumulative() && a.ranges()[i + 1] > a.ranges()[i], a.toString());
                }
            } else {
                assertNotNull(p);
            }
        } catch (MalformedPacketException expected) {
            assertNotNull(expected.reason());
        }
    }
}
