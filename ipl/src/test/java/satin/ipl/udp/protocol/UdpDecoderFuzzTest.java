package satin.ipl.udp.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Random and forged datagrams never escape the decoder as anything but {@link MalformedPacketException}. */
class UdpDecoderFuzzTest {

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void decoderRejectsOrAcceptsEveryInputWithoutCrashing() {
        PacketDecoder decoder = new PacketDecoder(1 << 20, 1400);
        HostileDatagrams hostile = new HostileDatagrams(99);
        int accepted = 0;
        int rejected = 0;
        for (int i = 0; i < 300_000; i++) {
            byte[] bytes = hostile.next();
            ByteBuf in = Unpooled.wrappedBuffer(bytes);
            try {
                Packet p = decoder.decode(in);
                accepted++;
                checkInvariants(p, bytes.length);
            } catch (MalformedPacketException e) {
                rejected++;
            } catch (RuntimeException e) {
                fail("decoder threw " + e + " for input of " + bytes.length + " bytes", e);
            }
        }
        assertTrue(accepted > 10_000 && rejected > 10_000, "both paths exercised: " + accepted + "/" + rejected);
    }

    private static void checkInvariants(Packet p, int length) {
        if (p instanceof Packet.Data d) {
            assertTrue(d.seq() >= 0 && d.payload().readableBytes() <= 1400 && d.payload().readableBytes() < length);
            assertTrue(!d.first() || d.totalLength() >= d.payload().readableBytes());
        } else if (p instanceof Packet.Ack a) {
            assertTrue(a.cumulative() >= 0 && a.window() >= 0 && a.rangeCount() <= Wire.MAX_SACK_RANGES);
            for (int i = 0; i < a.ranges().length; i += 2) {
                assertTrue(a.ranges()[i] > a.cumulative() && a.ranges()[i + 1] > a.ranges()[i]);
            }
        }
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void liveEndpointKeepsServingHonestPeersUnderAFloodOfGarbage() throws Exception {
        Collector atB = new Collector();
        try (UdpEndpoint a = UdpEndpoint.builder(new Collector()).open();
             UdpEndpoint b = UdpEndpoint.builder(atB).open();
             DatagramSocket attacker = new DatagramSocket()) {
            int count = 300;
            int[] sizes = new int[count];
            SplittableRandom r = new SplittableRandom(5);
            for (int i = 0; i < count; i++) {
                sizes[i] = Messages.mixedSize(r);
            }
            HostileDatagrams hostile = new HostileDatagrams(123);
            List<CompletableFuture<Void>> acks = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                acks.add(a.send(b.localAddress(), Messages.message(8, i, sizes[i])));
                for (int j = 0; j < 100; j++) {
                    byte[] garbage = hostile.next();
                    attacker.send(new DatagramPacket(garbage, garbage.length, b.localAddress()));
                }
            }
            CompletableFuture.allOf(acks.toArray(CompletableFuture[]::new)).get();
            Messages.assertInOrder(8, sizes, atB.messages());
            assertTrue(b.drops().total() > 1000, "garbage was counted as dropped: " + b.drops().total());
            assertTrue(b.drops().count(DropReason.BAD_MAGIC) > 0);
            // Still fully functional after the flood.
            a.send(b.localAddress(), new byte[] {1, 2, 3}).get();
            assertEquals(count + 1, atB.messages().size());
        }
    }
}
