package satin.ipl.udp.protocol;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.UnpooledByteBufAllocator;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The send and receive halves driven directly, with a fake clock and a hand-controlled "network". */
class StreamStateTest {
    private static final ProtocolConfig CONFIG = ProtocolConfig.defaults().withFragmentPayload(100).withWindows(8, 8)
            .withRto(Duration.ofMillis(100), Duration.ofMillis(10), Duration.ofSeconds(1));
    private static final long MS = 1_000_000L;

    private final PacketEncoder senderEncoder = new PacketEncoder(UnpooledByteBufAllocator.DEFAULT, 11);
    private final PacketEncoder receiverEncoder = new PacketEncoder(UnpooledByteBufAllocator.DEFAULT, 22);
    private final DatagramWire wire = new DatagramWire(100);
    private final List<byte[]> delivered = new ArrayList<>();
    private final SendState send = new SendState(CONFIG, senderEncoder, 100);
    private final ReceiveState receive = new ReceiveState(CONFIG, 0);
    private final ReceiveState.Delivery collect = (head, body) -> delivered.add(body);


    @AfterEach
    void releaseDatagrams() {
        wire.release();
    }

    private Packet.Ack ackNow() throws Exception {
        return (Packet.Ack) wire.decode(receive.ack(receiverEncoder, 11));
    }

    @Test
    void fragmentsRespectTheWindowAndReassembleInOrderDespiteShuffling() throws Exception {
        byte[] big = new byte[2000];
        new Random(1).nextBytes(big);
        OutMessage m = new OutMessage(big);
        send.enqueue(m);
        send.pump(1 * MS, wire::add);
        List<Packet.Data> first = wire.takeData();
        assertEquals(8, first.size(), "limited by the send window");
        assertTrue(first.get(0).first() && !first.get(0).last());
        Collections.shuffle(first, new Random(3));
        for (Packet.Data d : first) {
            assertNull(receive.onData(d, collect));
            assertNull(receive.onData(d, collect), "duplicates are harmless");
        }
        Packet.Ack ack = ackNow();
        assertEquals(8, ack.cumulative());
        assertTrue(send.onAck(ack, 5 * MS, wire::add));
        for (int round = 0; round < 3 && !m.acknowledged().isDone(); round++) {
            for (Packet.Data d : wire.takeData()) {
                receive.onData(d, collect);
            }
            send.onAck(ackNow(), (6 + round) * MS, wire::add);
        }
        assertTrue(m.acknowledged().isDone());
        assertEquals(1, delivered.size());
        assertArrayEquals(big, delivered.get(0));
    }

    @Test
    void selectiveAcksTriggerFastRetransmitOfTheHoleOnly() throws Exception {
        for (int i = 0; i < 6; i++) {
            send.enqueue(new OutMessage(new byte[] {(byte) i}));
        }
        send.pump(1 * MS, wire::add);
        List<Packet.Data> sent = wire.takeData();
        for (Packet.Data d : sent) {
            if (d.seq() != 1) {
                receive.onData(d, collect);
            }
        }
        Packet.Ack ack = ackNow();
        assertEquals(1, ack.cumulative());
        assertArrayEquals(new long[] {2, 6}, ack.ranges());
        assertEquals(8 - 4, ack.window(), "four packets held out of order");
        send.onAck(ack, 200 * MS, wire::add);
        List<Packet.Data> resent = wire.takeData();
        assertEquals(1, resent.size());
        assertEquals(1, resent.get(0).seq());
        receive.onData(resent.get(0), collect);
        assertEquals(6, delivered.size());
        for (int i = 0; i < 6; i++) {
            assertEquals(i, delivered.get(i)[0]);
        }
    }

    @Test
    void timeoutResendsOnlyTheFirstSilentPacketAndBacksOff() throws Exception {
        for (int i = 0; i < 3; i++) {
            send.enqueue(new OutMessage(new byte[10]));
        }
        send.pump(1 * MS, wire::add);
        assertEquals(3, wire.takeData().size());
        send.onTick(50 * MS, wire::add);
        assertTrue(wire.isEmpty(), "RTO of 100 ms not yet expired");
        send.onTick(101 * MS, wire::add);
        List<Packet.Data> probe = wire.takeData();
        assertEquals(1, probe.size(), "one probe, not the whole window");
        assertEquals(0, probe.get(0).seq());
        assertEquals(200 * MS, send.rtt().rto());
        send.onTick(250 * MS, wire::add);
        List<Packet.Data> second = wire.takeData();
        assertEquals(1, second.size());
        assertEquals(1, second.get(0).seq(), "the next silent packet, whose own timer expired");
        assertEquals(400 * MS, send.rtt().rto(), "backed off again");
        send.onTick(400 * MS, wire::add);
        assertTrue(wire.isEmpty(), "first probe (sent at 101 ms) waits for the doubled timeout");
        send.onTick(501 * MS, wire::add);
        assertEquals(0, wire.takeData().get(0).seq());
        assertEquals(3, send.retransmissions());
    }

    @Test
    void echoedTimestampsGiveRttSamples() throws Exception {
        send.enqueue(new OutMessage(new byte[10]));
        send.pump(1 * MS, wire::add);
        receive.onData(wire.takeData().get(0), collect);
        send.onAck(ackNow(), 41 * MS, wire::add);
        assertEquals(40 * MS, send.rtt().srtt());
    }

    @Test
    void packetsBeyondTheWindowAreDropped() throws Exception {
        ByteBuf far = senderEncoder.data(1, 8, 1, Wire.FLAG_FIRST | Wire.FLAG_LAST, 1, new byte[1], 0, 1);
        assertEquals(DropReason.OUT_OF_WINDOW, receive.onData((Packet.Data) wire.decode(far), collect));
    }

    @Test
    void inconsistentFragmentsAreAStreamViolation() throws Exception {
        ByteBuf orphan = senderEncoder.data(1, 0, 1, Wire.FLAG_LAST, 0, new byte[5], 0, 5);
        assertThrows(ReceiveState.StreamViolation.class,
                () -> receive.onData((Packet.Data) wire.decode(orphan), collect));
        ByteBuf overflow = senderEncoder.data(2, 0, 1, Wire.FLAG_FIRST, 3, new byte[3], 0, 3);
        ByteBuf extra = senderEncoder.data(2, 1, 1, Wire.FLAG_LAST, 0, new byte[3], 0, 3);
        assertNull(receive.onData((Packet.Data) wire.decode(overflow), collect));
        assertThrows(ReceiveState.StreamViolation.class,
                () -> receive.onData((Packet.Data) wire.decode(extra), collect));
    }

    @Test
    void ackForUnsentPacketsIsRejected() throws Exception {
        Packet.Ack forged = (Packet.Ack) wire.decode(receiverEncoder.ack(11, 1, 5, 8, 1, new long[0], 0));
        assertTrue(!send.onAck(forged, 1, wire::add));
    }
}
