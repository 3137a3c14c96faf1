package satin.ipl.udp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import satin.ipl.IplConfig;
import satin.ipl.Node;
import satin.ipl.PortCapability;
import satin.ipl.PortType;
import satin.ipl.ReadMessage;
import satin.ipl.ReceivePort;
import satin.ipl.SendPort;
import satin.ipl.WriteMessage;
import satin.ipl.conformance.PoolFixture;

/**
 * The conformance requirement specific to udp: with 20% random loss, duplication and reordering injected on every
 * node's outgoing datagrams, concurrent senders through a registry server still get every message delivered
 * exactly once, in order per sender, including multi-megabyte messages.
 */
class UdpLossConformanceTest {
    private static final PortType FAN_IN = PortType.of(PortCapability.MANY_TO_ONE, PortCapability.RELIABLE,
            PortCapability.FIFO, PortCapability.EXPLICIT_RECEIPT, PortCapability.SERIALIZATION_DATA);

    private static IplConfig lossy(PoolFixture pool, long seed) {
        return pool.config()
                .set(UdpSettings.LOSS, "0.2")
                .set(UdpSettings.DUPLICATE, "0.05")
                .set(UdpSettings.REORDER, "0.1")
                .set(UdpSettings.SEED, seed)
                .build();
    }

    /** Sender {@code id}'s messages: (id, index, body); one of sender 0's bodies is {@code big}. */
    private static Callable<Void> streamOf(SendPort out, int id, int count, byte[] big) {
        return () -> {
            for (int m = 0; m < count; m++) {
                WriteMessage w = out.newMessage();
                w.writeInt(id);
                w.writeInt(m);
                int size = bodySize(id, m, count, big.length);
                w.writeArray(size == big.length ? big : new byte[size]);
                w.finish();
            }
            return null;
        };
    }

    private static int bodySize(int id, int m, int count, int bigSize) {
        return m == count / 2 && id == 0 ? bigSize : m % 10 == 0 ? 3000 : 8;
    }

    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void concurrentSendersUnderTwentyPercentLossDuplicationAndReordering() throws Exception {
        int senders = 4;
        int perSender = 1_000;
        byte[] big = new byte[4 << 20];
        new Random(11).nextBytes(big);
        try (PoolFixture pool = new PoolFixture("udp")) {
            Node sink = pool.start(lossy(pool, 1), null, FAN_IN);
            ReceivePort in = sink.createReceivePort(FAN_IN, "in");
            Node a = pool.start(lossy(pool, 2), null, FAN_IN);
            Node b = pool.start(lossy(pool, 3), null, FAN_IN);
            ExecutorService ex = Executors.newFixedThreadPool(senders);
            List<Future<?>> done = new ArrayList<>();
            for (int s = 0; s < senders; s++) {
                SendPort out = (s % 2 == 0 ? a : b).createSendPort(FAN_IN, "s" + s);
                out.connect(in.identifier());
                done.add(ex.submit(streamOf(out, s, perSender, big)));
            }
            int[] next = new int[senders];
            for (int i = 0; i < senders * perSender; i++) {
                ReadMessage r = in.receive(60_000);
                int id = r.readInt();
                int m = r.readInt();
                assertEquals(next[id]++, m, "FIFO and exactly once per sender");
                byte[] body = new byte[bodySize(id, m, perSender, big.length)];
                r.readArray(body);
                if (body.length == big.length) {
                    assertArrayEquals(big, body, "the 4 MiB message survived intact");
                }
                r.finish();
            }
            for (Future<?> f : done) {
                f.get();
            }
            ex.shutdown();
            assertNull(in.poll(), "no duplicate after the last message");
        }
    }
}
