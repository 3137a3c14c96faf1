package satin.ipl.tcp;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;


import com.code_intelligence.jazzer.junit.FuzzTest;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

import satin.ipl.IplConfig;
import satin.ipl.IplException;
import satin.ipl.IplProperties;
import satin.ipl.Location;
import satin.ipl.NodeIdentifier;
import satin.ipl.spi.Packet;
import satin.ipl.spi.ProtocolException;
import satin.ipl.spi.ReleasingHandler;
import satin.ipl.spi.TestContext;
import satin.ipl.wire.Hello;
import satin.ipl.wire.WireCodec;

/**
 * Coverage-guided fuzzing of an accepted tcp connection with the real pipeline ({@link FrameDecoder},
 * {@link Handshake}, then {@link LinkInbound}) of a real, bound {@link TcpTransport}, fed from a Netty
 * {@code EmbeddedChannel}. Contract: no exception escapes the pipeline (bad input closes the connection),
 * and the node sees no packet unless the stream opened with a HELLO of this pool and registration hash.
 */
class TcpLinkFuzzTest {
    private static final String POOL = TestContext.POOL;
    private static final byte[] HASH = new byte[32];
    /** What the core would be: records what the link hands over, and releases it as the core does. */
    private static final ReleasingHandler RECORDER = new ReleasingHandler();
    private static TcpTransport transport;


    @BeforeAll
    static void bind() throws IplException {
        IplConfig config = IplConfig.builder().set(IplProperties.IMPLEMENTATION, "tcp")
                .set(IplProperties.BIND_ADDRESS, "127.0.0.1").build();
        transport = new TcpTransport(new TestContext(config, RECORDER));
        transport.open(new NodeIdentifier(POOL, "self", Location.parse("s@t"), "tcp", transport.address()));
    }

    @AfterAll
    static void close() {
        transport.close();
    }

    @FuzzTest(maxDuration = "60s")
    void accepted(byte[] stream) {
        RECORDER.received.clear();
        EmbeddedChannel channel = new EmbeddedChannel();
        transport.pipeline(channel, null, null);
        try {
            for (int at = 0; at < stream.length && channel.isOpen(); at += 1 + at % 5) {
                // throws if any exception reached the end of the pipeline unhandled
                channel.writeInbound(Unpooled.wrappedBuffer(stream, at, Math.min(1 + at % 5, stream.length - at)));
            }
        } finally {
            for (Object sent; (sent = channel.readOutbound()) != null; ) {
                ((ByteBuf) sent).release();
            }
            channel.finishAndReleaseAll();
        }
        if (!RECORDER.received.isEmpty()) {
            assertTrue(opensWithCompatibleHello(stream), "packets delivered without a valid HELLO first");
            assertFalse(RECORDER.received.contains(Packet.HELLO), "a second HELLO was delivered");
        }
    }

    private static boolean opensWithCompatibleHello(byte[] stream) {
        try {
            ByteBuf in = Unpooled.wrappedBuffer(stream);
            WireCodec.Header h = WireCodec.readHeader(in, transport.maxFrame);
            ByteBuf payload = Unpooled.wrappedBuffer(stream, in.readerIndex(), h.payloadLength());
            return h.type() == Packet.HELLO && Hello.read(payload).incompatibility(POOL, HASH) == null;
        } catch (ProtocolException | IndexOutOfBoundsException e) {
            return false;
        }
    }
}
