package satin.ipl.udp.protocol;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.buffer.UnpooledByteBufAllocator;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Messages sent as a separate head and body, and delivered split at a fixed head length: the bytes on the wire and
 * the bytes delivered are those of the joined message, whatever the fragment boundaries.
 */
class MessageSplitTest {
    private static final int FRAGMENT = 1000;
    private static final ProtocolConfig CONFIG = ProtocolConfig.defaults().withFragmentPayload(FRAGMENT)
            .withWindows(1024, 1024);

    private static byte[] random(int size, long seed) {
        byte[] b = new byte[size];
        new Random(seed).nextBytes(b);
        return b;
    }

    /** Sends one message through a send and a receive half and returns what was delivered as {head, body}. */
    private static byte[][] roundTrip(byte[] head, ByteBuffer body, int headLength) throws Exception {
        PacketEncoder encoder = new PacketEncoder(UnpooledByteBufAllocator.DEFAULT, 5);
        PacketDecoder decoder = new PacketDecoder(1 << 22, FRAGMENT);
        SendState send = new SendState(CONFIG, encoder, FRAGMENT);
        ReceiveState receive = new ReceiveState(CONFIG, headLength);
        List<ByteBuf> wire = new ArrayList<>();
        List<byte[][]> delivered = new ArrayList<>();
        send.enqueue(new OutMessage(Unpooled.wrappedBuffer(head), Unpooled.wrappedBuffer(body)));
        send.pump(1, wire::add);
        for (ByteBuf b : wire) {
            assertEquals(null, receive.onData((Packet.Data) decoder.decode(b), (h, m) -> delivered.add(new byte[][] {h, m})));
            b.release();
        }
        assertEquals(1, delivered.size(), "one message delivered");
        return delivered.get(0);
    }

    private static byte[] join(byte[] a, byte[] b) {
        byte[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 23, 24, 25, 999, 1000, 1001, 70_000, 300_000})
    void headAndBodyArriveAsTheJoinedMessageSplitAtTheHeadLength(int bodySize) throws Exception {
        byte[] head = random(24, 1);
        byte[] padded = random(bodySize + 10, bodySize);
        ByteBuffer body = ByteBuffer.wrap(padded, 3, bodySize);
        byte[] whole = join(head, Arrays.copyOfRange(padded, 3, 3 + bodySize));
        for (int headLength : new int[] {0, 24, 30}) {
            byte[][] got = roundTrip(head, body, headLength);
            int h = Math.min(headLength, whole.length);
            assertArrayEquals(Arrays.copyOf(whole, h), got[0], "head for head length " + headLength);
            assertArrayEquals(Arrays.copyOfRange(whole, h, whole.length), got[1], "body for head length " + headLength);
        }
    }

    @Test
    void aDirectBodyBufferIsSentLikeAnArray() throws Exception {
        byte[] data = random(5000, 9);
        ByteBuffer direct = ByteBuffer.allocateDirect(data.length).put(data).flip();
        byte[][] got = roundTrip(new byte[0], direct, 0);
        assertArrayEquals(data, got[1]);
    }

    @Test
    void aLargeMessageReassemblesAcrossTheMoveIntoItsFinalArray() {
        int total = 800_000;
        Reassembly r = new Reassembly(total, 24);
        byte[] data = random(total, 4);
        int at = 0;
        while (at < total) {
            int len = Math.min(1400, total - at);
            assertTrue(r.append(Unpooled.wrappedBuffer(data, at, len)));
            at += len;
            assertEquals(at == total, r.complete());
        }
        assertFalse(r.append(Unpooled.wrappedBuffer(new byte[1])), "nothing beyond the announced length");
        assertArrayEquals(Arrays.copyOf(data, 24), r.head());
        assertArrayEquals(Arrays.copyOfRange(data, 24, total), r.body());
    }
}
