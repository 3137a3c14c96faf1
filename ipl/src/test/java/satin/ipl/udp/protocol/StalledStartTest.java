package satin.ipl.udp.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.UnpooledByteBufAllocator;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A session whose first exchange waited for a peer that was still starting (its event loop read nothing for 600 ms)
 * repairs a later loss as fast as the path allows, once the path showed it is fast: the stall does not stay in the
 * retransmission timeout. One sender and one receiver driven by hand on a fake clock, with the defaults' timer (RTO
 * at least 20 ms, a 5 ms tick), so the outcome is the same on every machine.
 */
class StalledStartTest {
    private static final long MS = 1_000_000L;
    private static final ProtocolConfig CONFIG = ProtocolConfig.defaults();

    private final PacketEncoder senderEncoder = new PacketEncoder(UnpooledByteBufAllocator.DEFAULT, 11);
    private final PacketEncoder receiverEncoder = new PacketEncoder(UnpooledByteBufAllocator.DEFAULT, 22);
    private final SendState send = new SendState(CONFIG, senderEncoder, CONFIG.fragmentPayload());
    private final ReceiveState receive = new ReceiveState(CONFIG, 0);
    private final DatagramWire wire = new DatagramWire(CONFIG.fragmentPayload());
    private int delivered;
    private long now;

    @AfterEach
    void releaseDatagrams() {
        wire.release();
    }

    /** The receiver reads {@code d} and acknowledges at once; the ack reaches the sender {@code later} ns after now. */
    private void deliverAndAck(Packet.Data d, long later) throws Exception {
        receive.onData(d, (head, body) -> delivered++);
        Packet.Ack ack = (Packet.Ack) wire.decode(receive.ack(receiverEncoder, 11));
        now += later;
        assertTrue(send.onAck(ack, now, wire::add));
    }

    /** Ticks the sender's timer every tick until it retransmits; returns how long after the send that was. */
    private long ticksUntilRetransmission(long sentAt) throws Exception {
        long tick = CONFIG.tick().toNanos();
        while (wire.isEmpty()) {
            now += tick;
            assertTrue(send.onTick(now, wire::add), "peer not given up");
        }
        return now - sentAt;
    }

    @Test
    void aLossAfterAStalledFirstExchangeIsRepairedAfterTheMinimumTimeout() throws Exception {
        // the first message: the peer reads it (and the two copies the timer sent meanwhile) only 600 ms later
        now = 1 * MS;
        send.enqueue(new OutMessage(new byte[20]));
        send.pump(now, wire::add);
        List<Packet.Data> copies = new ArrayList<>(wire.takeData());
        long start = now;
        while (now - start < 600 * MS) {
            now += CONFIG.tick().toNanos();
            send.onTick(now, wire::add);
            copies.addAll(wire.takeData());
        }
        assertEquals(3, copies.size(), "the original and two retransmissions while the peer was not reading");
        for (Packet.Data copy : copies) {
            deliverAndAck(copy, 0);
        }
        // then a few request/reply exchanges on the fast path (3 ms round trips), one every 200 ms
        for (int i = 0; i < 5; i++) {
            now += 200 * MS;
            send.enqueue(new OutMessage(new byte[20]));
            send.pump(now, wire::add);
            deliverAndAck(wire.takeData().get(0), 3 * MS);
        }
        assertEquals(6, delivered);
        // a message whose datagram is lost: the timer resends it after the minimum RTO, not after the stall's
        now += 200 * MS;
        long sentAt = now;
        send.enqueue(new OutMessage(new byte[20]));
        send.pump(now, wire::add);
        long lost = wire.takeData().get(0).seq();
        long repairedAfter = ticksUntilRetransmission(sentAt);
        assertEquals(CONFIG.minRto().toNanos(), repairedAfter,
                "retransmitted after " + repairedAfter / MS + " ms; the path's round trip is 3 ms");
        assertEquals(lost, wire.takeData().get(0).seq());
    }
}
