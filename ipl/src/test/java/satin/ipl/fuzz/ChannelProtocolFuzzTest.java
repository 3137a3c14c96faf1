package satin.ipl.fuzz;

import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.concurrent.atomic.AtomicLong;

import com.code_intelligence.jazzer.junit.FuzzTest;

import io.netty.buffer.Unpooled;

import satin.ipl.IplConfig;
import satin.ipl.IplException;
import satin.ipl.IplProperties;
import satin.ipl.Location;
import satin.ipl.Node;
import satin.ipl.NodeIdentifier;
import satin.ipl.PortCapability;
import satin.ipl.PortType;
import satin.ipl.ReadMessage;
import satin.ipl.ReceivePort;
import satin.ipl.core.NodeImpl;
import satin.ipl.local.LocalNetwork;
import satin.ipl.spi.Packet;
import satin.ipl.spi.PacketHandler;
import satin.ipl.spi.ProtocolException;
import satin.ipl.spi.RecordingLink;
import satin.ipl.start.Ipl;

/**
 * Coverage-guided fuzzing of the channel protocol every transport feeds into the node (CONNECT, ACCEPT,
 * REJECT, DATA fragments, CREDIT, DISCONNECT), from a fresh fake peer per input, and of reading whatever
 * messages that delivers to an object receive port. Contract: the node answers a packet or raises a
 * {@link ProtocolException} (on which a transport closes the link); a delivered message reads as objects
 * or fails with an {@link IplException}; memory stays in proportion to the input.
 *
 * <p>Input: records of type, flags, channel, port (int), aux (int), payload length (unsigned short) and
 * payload; see {@link #packet}.
 */
class ChannelProtocolFuzzTest {
    static final PortType OBJECTS = PortType.of(PortCapability.MANY_TO_ONE, PortCapability.RELIABLE,
            PortCapability.FIFO, PortCapability.EXPLICIT_RECEIPT, PortCapability.SERIALIZATION_OBJECT);
    /**
     * A first fragment makes the receiver reserve up to eight times its payload for the message it announces
     * (InChannel's initial reassembly buffer, covered by the per-input-byte allowance) plus an object or two.
     */
    private static final long PER_FIRST_FRAGMENT = 1024;
    private static final AtomicLong PEERS = new AtomicLong();
    private static final Node NODE;
    private static final ReceivePort IN;

    static {
        try {
            IplConfig config = IplConfig.builder().set(IplProperties.IMPLEMENTATION, "local").build();
            NODE = Ipl.node(config).localNetwork(new LocalNetwork()).portTypes(OBJECTS).start();
            IN = NODE.createReceivePort(OBJECTS, "in");
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    @FuzzTest(maxDuration = "60s")
    void packets(byte[] input) {
        long firstFragments = 0;
        for (ByteBuffer in = ByteBuffer.wrap(input); in.remaining() >= 13; ) {
            Packet p = packet(in);
            firstFragments += p.type == Packet.DATA && p.has(Packet.FLAG_FIRST) ? 1 : 0;
            p.release();
        }
        Allocation.bounded(input.length, 256, PER_FIRST_FRAGMENT * firstFragments, () -> feed(input));
    }

    /** One record of the input as the packet a transport would hand over. */
    static Packet packet(ByteBuffer in) {
        byte type = (byte) (Packet.CONNECT + Math.floorMod(in.get(), Packet.MAX_TYPE - Packet.CONNECT + 1));
        byte flags = in.get();
        int channel = in.get() & 3;
        int port = in.getInt();
        int aux = in.getInt();
        byte[] payload = new byte[Math.min(in.getShort() & 0xffff, in.remaining())];
        in.get(payload);
        // a tcp frame hands its array over (the whole-message fast path), others are views
        byte kept = (byte) (flags & Packet.KNOWN_FLAGS);
        return (flags & 0x80) != 0 ? Packet.ofArray(type, kept, channel, port, aux, payload)
                : new Packet(type, kept, channel, port, aux, Unpooled.wrappedBuffer(payload));
    }

    private static void feed(byte[] input) {
        PacketHandler node = ((NodeImpl) NODE).packetHandler();
        RecordingLink link = new RecordingLink(new NodeIdentifier(NODE.identifier().pool(), "peer" + PEERS.incrementAndGet(),
                Location.parse("f@z"), "local", new byte[0]));
        try {
            for (ByteBuffer in = ByteBuffer.wrap(input); in.remaining() >= 13; ) {
                node.received(link, packet(in));
            }
        } catch (ProtocolException e) {
            assertNotNull(e.getMessage()); // the transport closes the link
        } finally {
            node.linkClosed(link, null);
            readDelivered();
        }
    }

    private static void readDelivered() {
        try {
            for (ReadMessage m; (m = IN.poll()) != null; ) {
                try {
                    for (int i = 0; i < 16 && m.remaining() > 0; i++) {
                        m.readObject();
                    }
                } catch (IOException e) {
                    assertInstanceOf(IplException.class, e, "the IPL's own error");
                } finally {
                    m.finish();
                }
            }
        } catch (IOException e) {
            throw new AssertionError("polling the receive port failed", e);
        }
    }
}
