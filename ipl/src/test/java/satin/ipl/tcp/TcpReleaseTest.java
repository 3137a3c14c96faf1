package satin.ipl.tcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;

import io.netty.buffer.ByteBuf;
import io.netty.channel.embedded.EmbeddedChannel;

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
import satin.ipl.wire.Frames;
import satin.ipl.wire.WireCodec;

/**
 * The tcp transport's half of the ownership rule, on each of its paths: the encoder, a send on a closed
 * connection, a refused handshake, a decoder error and a connection broken while a stream is in flight each
 * release every payload exactly once.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class TcpReleaseTest {
    private static final IplConfig CONFIG = IplConfig.builder().set(IplProperties.IMPLEMENTATION, "tcp")
            .set(IplProperties.BIND_ADDRESS, "127.0.0.1").build();

    private final Tracked tracked = new Tracked();

    private static TcpTransport transport(String id, ReleasingHandler handler) throws IplException {
        TcpTransport t = new TcpTransport(new TestContext(CONFIG, handler));
        t.open(identity(id, t.address()));
        return t;
    }

    private static NodeIdentifier identity(String id, byte[] address) {
        return new NodeIdentifier(TestContext.POOL, id, Location.parse(id + "@c"), "tcp", address);
    }

    /** A connection accepted by {@code transport}, fed by the test. */
    private static EmbeddedChannel accepted(TcpTransport transport) {
        EmbeddedChannel channel = new EmbeddedChannel();
        transport.pipeline(channel, null, null);
        return channel;
    }

    private static void releaseOutbound(EmbeddedChannel channel) {
        for (Object o; (o = channel.readOutbound()) != null; ) {
            ((ByteBuf) o).release();
        }
    }

    @Test
    void theEncoderReleasesEveryPacketOnceWhateverItsSize() {
        EmbeddedChannel channel = new EmbeddedChannel(new FrameEncoder());
        Packet small = tracked.packet(Packet.DATA, Packet.FLAG_FIRST, 1, 2, 3, 100);
        Packet large = tracked.packet(Packet.DATA, Packet.FLAG_FIRST, 1, 2, 3, FrameEncoder.COPY_LIMIT + 1);
        ByteBuf largePayload = large.content();
        channel.writeOutbound(small, large);
        ByteBuf frame = channel.readOutbound();
        assertEquals(WireCodec.FRAME_HEAD + 100, frame.readableBytes(), "header and copied payload in one buffer");
        frame.release();
        ByteBuf head = channel.readOutbound();
        assertEquals(WireCodec.FRAME_HEAD, head.readableBytes());
        head.release();
        ByteBuf payload = channel.readOutbound();
        assertSame(largePayload, payload, "a large payload goes to the socket as it is");
        payload.release();
        assertFalse(channel.finish());
        tracked.assertEachReleasedOnce();
    }

    @Test
    void theLinkFramesSmallPacketsItselfAndPassesLargeOnesOnWhole() throws IplException {
        EmbeddedChannel channel = new EmbeddedChannel(new FrameEncoder());
        TcpLink link = new TcpLink(channel, identity("peer", new byte[0]));
        Packet small = tracked.packet(Packet.DATA, Packet.FLAG_FIRST, 1, 2, 3, 10);
        link.send(small);
        assertEquals(1, small.refCnt(), "released by the link once framed, on the sending thread");
        ByteBuf frame = channel.readOutbound();
        assertEquals(WireCodec.FRAME_HEAD + 10, frame.readableBytes());
        frame.release();
        link.send(tracked.packet(Packet.DATA, Packet.FLAG_FIRST, 1, 2, 3, FrameEncoder.COPY_LIMIT + 1));
        releaseOutbound(channel);
        assertFalse(channel.finish());
        tracked.assertEachReleasedOnce();
    }

    @Test
    void aPacketForAClosedConnectionIsReleasedOnce() {
        EmbeddedChannel channel = new EmbeddedChannel(new FrameEncoder());
        TcpLink link = new TcpLink(channel, identity("peer", new byte[0]));
        link.close("test");
        assertThrows(IplException.class, () -> link.send(tracked.packet(Packet.CREDIT, (byte) 0, 1, 0, 5, 10)));
        tracked.assertEachReleasedOnce();
    }

    @Test
    void aRefusedHandshakeReleasesWhatItGot() throws Exception {
        ReleasingHandler core = new ReleasingHandler();
        TcpTransport transport = transport("self", core);
        try {
            EmbeddedChannel notHello = accepted(transport);
            notHello.writeInbound(tracked.packet(Packet.DATA, Packet.FLAG_FIRST, 1, 1, 10, 10));
            assertFalse(notHello.isOpen(), "a connection that does not open with HELLO is closed");

            EmbeddedChannel garbled = accepted(transport);
            garbled.writeInbound(tracked.packet(Packet.HELLO, (byte) 0, 0, 0, 0, 40));
            assertFalse(garbled.isOpen(), "a HELLO that does not parse closes the connection");

            EmbeddedChannel twice = accepted(transport);
            Packet hello = Frames.hello(TestContext.POOL, identity("peer", new byte[0]), new byte[32], 0);
            twice.writeInbound(hello, tracked.packet(Packet.CREDIT, (byte) 0, 1, 0, 10, 8),
                    tracked.packet(Packet.HELLO, (byte) 0, 0, 0, 0, 40));
            assertFalse(twice.isOpen(), "a second HELLO closes the connection");
            assertEquals(1, core.received.size(), "the packet between the HELLOs reached the core");
            releaseOutbound(twice);
            assertEquals(0, hello.refCnt(), "the first HELLO, consumed by the handshake");
        } finally {
            transport.close();
        }
        tracked.assertEachReleasedOnce();
    }

    @Test
    void aDecoderErrorReleasesTheBytesOnce() throws Exception {
        ReleasingHandler core = new ReleasingHandler();
        TcpTransport transport = transport("self", core);
        try {
            EmbeddedChannel channel = accepted(transport);
            byte[] hello = Frames.of(Frames.hello(TestContext.POOL, identity("peer", new byte[0]), new byte[32], 0));
            byte[] credit = Frames.of(Packet.control(Packet.CREDIT, 1, 0, 10));
            ByteBuf stream = tracked.payload(0);
            stream.writeBytes(hello).writeBytes(credit).writeBytes(credit);
            stream.setInt(stream.writerIndex() - credit.length + 4, 0x12345678); // bad magic in the last frame
            channel.writeInbound(stream);
            assertFalse(channel.isOpen(), "a bad header closes the connection");
            assertEquals(1, core.received.size(), "the frame before the bad one reached the core");
            releaseOutbound(channel);
        } finally {
            transport.close();
        }
        tracked.assertEachReleasedOnce();
    }

    @Test
    void aConnectionBrokenMidStreamReleasesEveryPayloadOnce() throws Exception {
        ReleasingHandler aCore = new ReleasingHandler();
        ReleasingHandler bCore = new ReleasingHandler();
        TcpTransport a = transport("a", aCore);
        TcpTransport b = transport("b", bCore);
        int refused = 0;
        try {
            PeerLink link = a.link(identity("b", b.address()), 10_000);
            for (int i = 0; i < 20; i++) {
                link.send(tracked.packet(Packet.DATA, Packet.FLAG_FIRST, 1, 1, 1 << 16, 1 << 16));
            }
            link.close("broken on purpose");
            Tracked.await(() -> aCore.closed.get() == 1, 10, "the link reports its end");
            for (int i = 0; i < 20; i++) {
                try {
                    link.send(tracked.packet(Packet.DATA, Packet.FLAG_FIRST, 1, 1, 1 << 16, 1 << 16));
                } catch (IplException e) {
                    refused++;
                }
            }
        } finally {
            a.close();
            b.close();
        }
        assertEquals(20, refused, "sends after the end fail");
        assertTrue(bCore.received.size() <= 20, "the peer got at most what was sent before the end");
        tracked.assertEachReleasedOnce();
    }
}
