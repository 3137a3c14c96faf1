package satin.ipl.udp.protocol;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;

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

    /** {@code count} sizes drawn by {@link #mixedSize} from a generator seeded with {@code seed}. */
    static int[] mixedSizes(long seed, int count) {
        SplittableRandom r = new SplittableRandom(seed);
        int[] sizes = new int[count];
        for (int i = 0; i < count; i++) {
            sizes[i] = mixedSize(r);
        }
        return sizes;
    }

    static byte[] message(long seed, int index, int size) {
        byte[] m = new byte[Math.max(size, 4)];
        new SplittableRandom(seed * 1_000_003L + index).nextBytes(m);
        ByteBuffer.wrap(m).putInt(0, index);
        return m;
    }

    /**
     * Sends {@code count} mixed-size messages from {@code a} to {@code b} and as many back at the same time (after
     * the first one from {@code a} was acknowledged, so that {@code b} knows a relay's address for {@code a}), waits
     * for all acknowledgements and checks that each side received the other's exactly once and in order.
     */
    static void exchangeBothWays(UdpEndpoint a, InetSocketAddress bSeenFromA, Collector atA, UdpEndpoint b,
                                 InetSocketAddress aSeenFromB, Collector atB, int count, long seed) throws Exception {
        int[] aToB = mixedSizes(seed, count);
        int[] bToA = mixedSizes(seed + 1, count);
        List<CompletableFuture<Void>> forward = new ArrayList<>();
        forward.add(a.send(bSeenFromA, message(seed, 0, aToB[0])));
        forward.get(0).get();
        List<CompletableFuture<Void>> reverse = new ArrayList<>();
        Thread replies = new Thread(() -> {
            try {
                for (int i = 0; i < count; i++) {
                    reverse.add(b.send(aSeenFromB, message(seed + 1, i, bToA[i])));
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        replies.start();
        for (int i = 1; i < count; i++) {
            forward.add(a.send(bSeenFromA, message(seed, i, aToB[i])));
        }
        replies.join();
        CompletableFuture.allOf(forward.toArray(CompletableFuture[]::new)).get();
        CompletableFuture.allOf(reverse.toArray(CompletableFuture[]::new)).get();
        assertInOrder(seed, aToB, atB.messages());
        assertInOrder(seed + 1, bToA, atA.messages());
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
