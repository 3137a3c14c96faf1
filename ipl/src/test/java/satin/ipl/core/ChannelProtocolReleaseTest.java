package satin.ipl.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import satin.ipl.IplConfig;
import satin.ipl.IplProperties;
import satin.ipl.Location;
import satin.ipl.Node;
import satin.ipl.NodeIdentifier;
import satin.ipl.PortCapability;
import satin.ipl.PortType;
import satin.ipl.ReadMessage;
import satin.ipl.ReceivePort;
import satin.ipl.leaks.Tracked;
import satin.ipl.local.LocalNetwork;
import satin.ipl.spi.Packet;
import satin.ipl.spi.PacketHandler;
import satin.ipl.spi.ProtocolException;
import satin.ipl.spi.RecordingLink;
import satin.ipl.spi.WireFields;
import satin.ipl.start.Ipl;

/**
 * The core's half of the ownership rule: every packet a transport hands to the channel protocol is released
 * exactly once, whether it is handled, dropped (its receive port closed) or refused as a protocol error.
 */
class ChannelProtocolReleaseTest {
    private static final PortType BYTES = PortType.of(PortCapability.ONE_TO_ONE, PortCapability.RELIABLE,
            PortCapability.FIFO, PortCapability.EXPLICIT_RECEIPT, PortCapability.SERIALIZATION_BYTES);
    private static final int CHANNEL = 5;

    private final Tracked tracked = new Tracked();
    private Node node;
    private ReceivePort in;
    private PacketHandler handler;
    private RecordingLink peer;

    @BeforeEach
    void start() throws IOException {
        IplConfig config = IplConfig.builder().set(IplProperties.IMPLEMENTATION, "local").build();
        node = Ipl.node(config).localNetwork(new LocalNetwork()).portTypes(BYTES).start();
        in = node.createReceivePort(BYTES, "in");
        handler = ((NodeImpl) node).packetHandler();
        peer = new RecordingLink(new NodeIdentifier(node.identifier().pool(), "peer", Location.parse("p@q"), "local",
                new byte[0]));
    }

    @AfterEach
    void close() throws IOException {
        node.close();
    }

    /** Opens channel {@value #CHANNEL} from the fake peer to the port "in"; the node answers ACCEPT. */
    private void connect() throws ProtocolException {
        ByteBuf names = Unpooled.buffer();
        WireFields.writeString(names, "in");
        WireFields.writeString(names, "out");
        byte[] bytes = new byte[names.readableBytes()];
        names.readBytes(bytes);
        names.release();
        handler.received(peer, tracked.packet(Packet.CONNECT, CHANNEL, BYTES.bits(), 0, bytes));
        assertEquals(Packet.ACCEPT, peer.sent.get(peer.sent.size() - 1), "the node's answer to CONNECT");
    }

    private int portNumber() {
        return ((ReceivePortImpl) in).number;
    }

    @Test
    void protocolErrorsReleaseThePacketOnce() {
        byte both = Packet.FLAG_FIRST | Packet.FLAG_LAST;
        Packet[] bad = {
            tracked.packet(Packet.DATA, both, 99, 1, 10, 10),              // unknown channel
            tracked.packet(Packet.CONNECT, (byte) 0, 1, BYTES.bits(), 0, 3), // names cut short
            tracked.packet(Packet.ACCEPT, (byte) 0, 42, 1, 1 << 20, 4),    // answer for no channel of ours
            tracked.packet(Packet.HELLO, (byte) 0, 0, 0, 0, 16),           // the transport's, not the core's
        };
        for (Packet p : bad) {
            assertThrows(ProtocolException.class, () -> handler.received(peer, p), p.toString());
        }
        tracked.assertEachReleasedOnce();
    }

    @Test
    void handledPacketsAreReleasedOnce() throws Exception {
        connect();
        int port = portNumber();
        byte both = Packet.FLAG_FIRST | Packet.FLAG_LAST;
        handler.received(peer, tracked.packet(Packet.DATA, both, CHANNEL, port, 100, 100));
        handler.received(peer, tracked.packet(Packet.DATA, Packet.FLAG_FIRST, CHANNEL, port, 150, 100));
        handler.received(peer, tracked.packet(Packet.DATA, Packet.FLAG_LAST, CHANNEL, port, 100, 50));
        handler.received(peer, tracked.packet(Packet.CREDIT, (byte) 0, 77, 0, 100, 0)); // for no channel: ignored
        ReadMessage whole = in.receive(10_000);
        assertEquals(100, whole.size());
        byte[] bytes = new byte[100];
        whole.readArray(bytes);
        assertEquals((byte) (99 * 7), bytes[99], "the payload's bytes, copied out before the release");
        whole.finish();
        assertEquals(150, in.receive(10_000).size());
        handler.received(peer, tracked.packet(Packet.DISCONNECT, (byte) 0, CHANNEL, 0, 0, 0));
        tracked.assertEachReleasedOnce();
    }

    @Test
    void aHandedOverArrayBecomesTheMessageAndThePacketIsStillReleased() throws Exception {
        connect();
        byte[] array = {1, 2, 3, 4};
        Packet p = Packet.ofArray(Packet.DATA, (byte) (Packet.FLAG_FIRST | Packet.FLAG_LAST), CHANNEL, portNumber(),
                array.length, array);
        p.retain();
        handler.received(peer, p);
        assertEquals(1, p.refCnt(), "released once by the core");
        p.release();
        byte[] got = new byte[4];
        in.receive(10_000).readArray(got);
        assertArrayEquals(array, got);
        tracked.assertEachReleasedOnce();
    }

    @Test
    void dataForAClosedReceivePortIsDroppedAndReleasedOnce() throws Exception {
        connect();
        int port = portNumber();
        in.close();
        assertTrue(peer.sent.contains(Packet.DISCONNECT), "the sender is told the port closed");
        byte both = Packet.FLAG_FIRST | Packet.FLAG_LAST;
        handler.received(peer, tracked.packet(Packet.DATA, both, CHANNEL, port, 64, 64));
        handler.received(peer, tracked.packet(Packet.DATA, Packet.FLAG_FIRST, CHANNEL, port, 128, 64));
        handler.received(peer, tracked.packet(Packet.DATA, Packet.FLAG_LAST, CHANNEL, port, 64, 64));
        tracked.assertEachReleasedOnce();
        assertNull(((ReceivePortImpl) in).connectedTo().stream().findAny().orElse(null));
    }

    @Test
    void aBrokenMessageReleasesEveryFragmentOnce() throws Exception {
        connect();
        int port = portNumber();
        handler.received(peer, tracked.packet(Packet.DATA, Packet.FLAG_FIRST, CHANNEL, port, 300, 100));
        // the second fragment claims the wrong offset: the link is refused, the fragments so far are released
        assertThrows(ProtocolException.class, () -> handler.received(peer,
                tracked.packet(Packet.DATA, Packet.FLAG_LAST, CHANNEL, port, 150, 200)));
        handler.linkClosed(peer, null);
        tracked.assertEachReleasedOnce();
    }
}
