package satin.ipl.tcp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;

import org.junit.jupiter.api.Test;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.DecoderException;

import satin.ipl.spi.Packet;
import satin.ipl.wire.WireCodec;

/** The tcp frame decoder's memory rule and its behaviour after a bad header. */
class FrameDecoderTest {
    private static final int MAX_FRAME = 8 << 20;

    private static ByteBuf header(int payloadLength) {
        Packet p = new Packet(Packet.DATA, (byte) (Packet.FLAG_FIRST | Packet.FLAG_LAST), 1, 2, payloadLength,
                Unpooled.EMPTY_BUFFER);
        ByteBuf h = WireCodec.encodeHead(io.netty.buffer.UnpooledByteBufAllocator.DEFAULT, p);
        h.setInt(0, WireCodec.HEADER_SIZE + payloadLength);
        return h;
    }

    private static long allocatedBytes() {
        return ((com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean()).getCurrentThreadAllocatedBytes();
    }

    @Test
    void aClaimedLargePayloadIsNotAllocatedBeforeItsBytesArrive() {
        new EmbeddedChannel(new FrameDecoder(MAX_FRAME)).writeInbound(header(1)); // warm the code path up
        EmbeddedChannel channel = new EmbeddedChannel(new FrameDecoder(MAX_FRAME));
        ByteBuf claim = Unpooled.wrappedBuffer(header(MAX_FRAME - WireCodec.HEADER_SIZE), Unpooled.wrappedBuffer(new byte[100]));
        long before = allocatedBytes();
        channel.writeInbound(claim);
        long allocated = allocatedBytes() - before;
        assertTrue(allocated < 1 << 20, "a header claiming 8 MiB made the decoder allocate " + allocated + " bytes");
        assertNull(channel.readInbound());
        channel.finishAndReleaseAll();
    }

    @Test
    void aPayloadArrivingInPiecesIsDeliveredWhole() {
        EmbeddedChannel channel = new EmbeddedChannel(new FrameDecoder(MAX_FRAME));
        byte[] payload = new byte[3 * FrameDecoder.EAGER_BYTES + 7];
        for (int i = 0; i < payload.length; i++) {
            payload[i] = (byte) (i * 31);
        }
        channel.writeInbound(header(payload.length));
        for (int at = 0; at < payload.length; at += 1000) {
            channel.writeInbound(Unpooled.wrappedBuffer(payload, at, Math.min(1000, payload.length - at)));
        }
        Packet p = channel.readInbound();
        byte[] got = p.handedOverArray();
        p.release();
        assertArrayEquals(payload, got);
        assertNull(channel.readInbound());
    }

    @Test
    void bytesAfterABadHeaderAreIgnored() {
        EmbeddedChannel channel = new EmbeddedChannel(new FrameDecoder(MAX_FRAME));
        ByteBuf bad = header(10);
        bad.setInt(4, 0x12345678);
        DecoderException first = assertThrows(DecoderException.class,
                () -> channel.writeInbound(Unpooled.wrappedBuffer(bad, header(10), Unpooled.wrappedBuffer(new byte[10]))));
        assertTrue(first.getMessage().contains("magic"), first.getMessage());
        channel.writeInbound(Unpooled.wrappedBuffer(header(0)));
        assertNull(channel.readInbound());
        assertEquals(false, channel.finish());
    }

    @Test
    void aSmallPayloadIsTakenAsItArrivesNotHeldInTheCumulation() {
        FrameDecoder decoder = new FrameDecoder(MAX_FRAME);
        EmbeddedChannel channel = new EmbeddedChannel(decoder);
        byte[] payload = new byte[10_000];
        java.util.Arrays.fill(payload, (byte) 7);
        channel.writeInbound(Unpooled.wrappedBuffer(header(payload.length), Unpooled.wrappedBuffer(payload, 0, 4000)));
        assertEquals(0, decoder.bufferedBytes(), "bytes of an incomplete small payload left in the cumulation");
        assertNull(channel.readInbound());
        channel.writeInbound(Unpooled.wrappedBuffer(payload, 4000, payload.length - 4000));
        Packet p = channel.readInbound();
        assertArrayEquals(payload, p.handedOverArray());
        p.release();
        assertEquals(0, decoder.bufferedBytes());
    }
}
