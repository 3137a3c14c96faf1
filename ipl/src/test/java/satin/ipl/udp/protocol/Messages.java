package satin.ipl.udp.protocol;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.SplittableRandom;

/** Deterministic test messages: message i is a function of (seed, i) only, so receivers can verify content. */
final class Messages {
    private Messages() {}

    /** Mostly small messages, some of a few fragments, a few of tens of fragments. */
    static int mixedSize(SplittableRandom r) {
        double x = r.nextDouble();
        if (x < 0.7) {
            return r.nextInt(200);
        } else if (x < 0.95) {
            return 1000 + r.nextInt(6000);
        }
        return 20_000 + r.nextInt(60_000);
    }

    static byte[] message(long seed, int index, int size) {
        byte[] m = new byte[Math.max(size, 4)];
        new SplittableRandom(seed * 1_000_003L + index).nextBytes(m);
        ByteBuffer.wrap(m).putInt(0, index);
        return m;
    }

    static void assertInOrder(long seed, int[] sizes, List<byte[]> received) {
        assertEquals(sizes.length, received.size(), "number of messages delivered");
        for (int i = 0; i < sizes.length; i++) {
            byte[] got = received.get(i);
            assertEquals(i, ByteBuffer.wrap(got).getInt(0), "message index at position " + i);
            assertArrayEquals(message(seed, i, sizes[i]), got, "content of message " + i);
        }
    }
}
