package satin.ipl.tcp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import java.util.ArrayList;
import java.util.List;

import com.code_intelligence.jazzer.junit.FuzzTest;

import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.DecoderException;

import satin.ipl.fuzz.Allocation;
import satin.ipl.spi.Packet;
import satin.ipl.spi.ProtocolException;
import satin.ipl.wire.Hello;

/**
 * Coverage-guided fuzzing of the tcp stream decoder in a Netty pipeline, fed a byte stream once whole
 * and once in small pieces. Contract: packets, then at most one {@link ProtocolException} (on which
 * the {@link Handshake} or {@link LinkInbound} closes the connection); the same packets however the stream is cut; HELLO payloads
 * parse or fail the same way; memory bounded by a multiple of the input, whatever the headers claim.
 */
class TcpFrameDecoderFuzzTest {
    /** Above {@link FrameDecoder#EAGER_BYTES}, so that claimed lengths are not bounded by the maximum alone. */
    private static final int MAX_FRAME = 1 << 20;

    /** What a stream decoded into: the packets, and the protocol error that ended it, if any. */
    private record Outcome(List<byte[]> packets, String error) {
    }

    @FuzzTest(maxDuration = "60s")
    void stream(byte[] stream) {
        Allocation.bounded(stream.length, 64, () -> sameWholeAndInPieces(stream));
    }

    private static void sameWholeAndInPieces(byte[] stream) {
        Outcome whole = decode(stream, stream.length);
        Outcome pieces = decode(stream, 1 + stream.length % 7);
        assertEquals(whole.error(), pieces.error());
        assertEquals(whole.packets().size(), pieces.packets().size());
        for (int i = 0; i < whole.packets().size(); i++) {
            assertArrayEquals(whole.packets().get(i), pieces.packets().get(i));
        }
    }

    private static Outcome decode(byte[] stream, int piece) {
        EmbeddedChannel channel = new EmbeddedChannel(new FrameDecoder(MAX_FRAME));
        List<byte[]> packets = new ArrayList<>();
        String error = null;
        try {
            for (int at = 0; at < stream.length && error == null; at += piece) {
                try {
                    channel.writeInbound(Unpooled.wrappedBuffer(stream, at, Math.min(piece, stream.length - at)));
                } catch (DecoderException e) {
                    error = protocolError(e);
                }
                for (Object o; (o = channel.readInbound()) != null; ) {
                    packets.add(describe((Packet) o));
                }
            }
        } finally {
            try {
                channel.finishAndReleaseAll();
            } catch (DecoderException e) {
                // closing decodes what is left after a bad header once more (the pipeline closes on the first)
                protocolError(e);
            }
        }
        return new Outcome(packets, error);
    }

    private static String protocolError(DecoderException e) {
        assertInstanceOf(ProtocolException.class, e.getCause(), e.toString());
        return e.getCause().getMessage();
    }

    /** The packet's fields and payload as bytes, plus the result of parsing it as a HELLO; releases it. */
    private static byte[] describe(Packet p) {
        byte[] payload = new byte[p.payloadLength()];
        String hello;
        try {
            p.content().getBytes(p.content().readerIndex(), payload);
            hello = p.type == Packet.HELLO ? Hello.read(p.content()).node().toString() : "";
        } catch (ProtocolException e) {
            hello = e.getMessage();
        } finally {
            p.release();
        }
        String fields = p.type + "/" + p.flags + "/" + p.channel + "/" + p.port + "/" + p.aux + "/" + hello + "/";
        byte[] head = fields.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        byte[] all = java.util.Arrays.copyOf(head, head.length + payload.length);
        System.arraycopy(payload, 0, all, head.length, payload.length);
        return all;
    }
}
