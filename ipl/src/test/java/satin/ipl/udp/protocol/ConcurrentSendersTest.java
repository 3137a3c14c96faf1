package satin.ipl.udp.protocol;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Several threads send on one endpoint to one peer at once while acknowledgements come back: the sending threads
 * transmit themselves and the event loop sends what small windows held back, so both sides of the session's
 * monitor are busy. Each thread's messages must arrive exactly once and in that thread's order.
 */
class ConcurrentSendersTest {
    /** Small windows and budget, so that threads block and the event loop keeps pumping. */
    private static final ProtocolConfig TIGHT = ProtocolConfig.defaults().withLoopbackFragmentPayload(1400)
            .withWindows(32, 64).toBuilder().maxPendingBytes(256 << 10).build();

    private static byte[] message(int thread, int index, int size) {
        byte[] m = Messages.message(1000 + thread, index, Math.max(size, 8));
        ByteBuffer.wrap(m).putInt(4, thread);
        return m;
    }

    private static int size(int thread, int index) {
        return Messages.mixedSize(new SplittableRandom(31L * thread + index));
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void eachThreadsMessagesArriveOnceAndInItsOrder() throws Exception {
        int threads = 4;
        int perThread = 1500;
        Collector atB = new Collector();
        Collector atA = new Collector();
        ExecutorService pool = Executors.newFixedThreadPool(threads + 1);
        try (UdpEndpoint a = UdpEndpoint.builder(atA).config(TIGHT).open();
             UdpEndpoint b = UdpEndpoint.builder(atB).config(TIGHT).open()) {
            List<Future<List<CompletableFuture<Void>>>> senders = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int thread = t;
                senders.add(pool.submit(() -> {
                    List<CompletableFuture<Void>> acks = new ArrayList<>();
                    for (int i = 0; i < perThread; i++) {
                        acks.add(a.send(b.localAddress(), message(thread, i, size(thread, i))));
                    }
                    return acks;
                }));
            }
            // Traffic the other way too, so acknowledgements and data cross.
            Future<List<CompletableFuture<Void>>> reverse = pool.submit(() -> {
                List<CompletableFuture<Void>> acks = new ArrayList<>();
                for (int i = 0; i < perThread; i++) {
                    acks.add(b.send(a.localAddress(), message(threads, i, size(threads, i))));
                }
                return acks;
            });
            for (Future<List<CompletableFuture<Void>>> f : senders) {
                CompletableFuture.allOf(f.get().toArray(CompletableFuture[]::new)).get();
            }
            CompletableFuture.allOf(reverse.get().toArray(CompletableFuture[]::new)).get();

            int[] next = new int[threads];
            for (byte[] got : atB.messages()) {
                int thread = ByteBuffer.wrap(got).getInt(4);
                int index = next[thread]++;
                assertArrayEquals(message(thread, index, size(thread, index)), got,
                        "message " + index + " of thread " + thread);
            }
            for (int t = 0; t < threads; t++) {
                assertEquals(perThread, next[t], "messages of thread " + t);
            }
            List<byte[]> back = atA.messages();
            assertEquals(perThread, back.size());
            for (int i = 0; i < perThread; i++) {
                assertArrayEquals(message(threads, i, size(threads, i)), back.get(i), "reverse message " + i);
            }
        } finally {
            pool.shutdownNow();
        }
    }
}
