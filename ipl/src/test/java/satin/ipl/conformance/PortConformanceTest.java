package satin.ipl.conformance;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import satin.ipl.ConnectionRefusedException;
import satin.ipl.DirectUpcall;
import satin.ipl.ExpressUpcall;
import satin.ipl.IplProperties;
import satin.ipl.Node;
import satin.ipl.PortCapability;
import satin.ipl.PortType;
import satin.ipl.ReadMessage;
import satin.ipl.ReceivePort;
import satin.ipl.ReceivePortIdentifier;
import satin.ipl.ReceiveTimeoutException;
import satin.ipl.SendPort;
import satin.ipl.UnregisteredClassException;
import satin.ipl.WriteMessage;

import static satin.ipl.PortCapability.*;

/** Ports and messages, for every implementation in {@link ConformanceImplementations}. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class PortConformanceTest {
    static final PortType ONE = PortType.of(ONE_TO_ONE, RELIABLE, FIFO, UPCALLS, EXPLICIT_RECEIPT, SERIALIZATION_OBJECT);
    static final PortType MANY = PortType.of(ONE_TO_MANY, RELIABLE, FIFO, UPCALLS, EXPLICIT_RECEIPT, SERIALIZATION_DATA);
    static final PortType FAN_IN = PortType.of(MANY_TO_ONE, RELIABLE, FIFO, UPCALLS, EXPLICIT_RECEIPT, SERIALIZATION_DATA);
    static final PortType BYTES = PortType.of(ONE_TO_ONE, RELIABLE, FIFO, EXPLICIT_RECEIPT, SERIALIZATION_BYTES);
    static final PortType BYTES_UPCALLS = PortType.of(ONE_TO_ONE, RELIABLE, FIFO, EXPLICIT_RECEIPT, UPCALLS,
            SERIALIZATION_BYTES);

    static List<String> implementations() {
        return ConformanceImplementations.ALL;
    }

    /** Two nodes whose connections grant a 64 KiB flow window, so that a few messages fill it. */
    private static Node[] twoNodesWithSmallWindows(PoolFixture pool, PortType type) throws java.io.IOException {
        var config = pool.config().set(IplProperties.FLOW_WINDOW, 64 * 1024).build();
        return new Node[] {pool.start(config, null, type), pool.start(config, null, type)};
    }

    @ParameterizedTest
    @MethodSource("implementations")
    void oneToOneCarriesEveryKindOfValue(String impl) throws Exception {
        try (PoolFixture pool = new PoolFixture(impl)) {
            PoolFixture.Connection c = pool.connect(ONE);
            ReceivePort in = c.in();
            SendPort out = c.out();
            WriteMessage w = out.newMessage();
            w.writeBoolean(true);
            w.writeByte((byte) -3);
            w.writeChar('x');
            w.writeShort((short) -1234);
            w.writeInt(0xCAFEBABE);
            w.writeLong(Long.MIN_VALUE + 7);
            w.writeFloat(1.5f);
            w.writeDouble(-2.25);
            w.writeString("grüße");
            w.writeArray(new byte[] {1, 2, 3});
            w.writeArray(new int[] {4, 5});
            w.writeArray(new long[] {6L});
            w.writeArray(new double[] {7.5});
            w.writeByteBuffer(ByteBuffer.wrap(new byte[] {8, 9}));
            w.writeObject(new ArrayList<>(List.of("a", 1)));
            w.writeObject(in.identifier());
            w.writeArray(new byte[] {10, 11});
            w.finish();

            ReadMessage r = in.receive(10_000);
            assertEquals(out.identifier(), r.origin());
            assertTrue(r.readBoolean());
            assertEquals(-3, r.readByte());
            assertEquals('x', r.readChar());
            assertEquals(-1234, r.readShort());
            assertEquals(0xCAFEBABE, r.readInt());
            assertEquals(Long.MIN_VALUE + 7, r.readLong());
            assertEquals(1.5f, r.readFloat());
            assertEquals(-2.25, r.readDouble());
            assertEquals("grüße", r.readString());
            byte[] bytes = new byte[3];
            r.readArray(bytes);
            assertArrayEquals(new byte[] {1, 2, 3}, bytes);
            int[] ints = new int[2];
            r.readArray(ints);
            assertArrayEquals(new int[] {4, 5}, ints);
            long[] longs = new long[1];
            r.readArray(longs);
            assertEquals(6L, longs[0]);
            double[] doubles = new double[1];
            r.readArray(doubles);
            assertEquals(7.5, doubles[0]);
            ByteBuffer bb = ByteBuffer.allocate(2);
            r.readByteBuffer(bb);
            assertArrayEquals(new byte[] {8, 9}, bb.array());
            assertEquals(List.of("a", 1), r.readObject());
            ReceivePortIdentifier sent = (ReceivePortIdentifier) r.readObject();
            assertEquals(in.identifier(), sent);
            ByteBuffer slice = r.readSlice(2);
            assertTrue(slice.isReadOnly());
            assertEquals(11, slice.get(1));
            assertEquals(0, r.remaining());
            assertThrows(satin.ipl.IplException.class, r::readByte);
            r.finish();
        }
    }

    @ParameterizedTest
    @MethodSource("implementations")
    void oneToOneRefusesSecondSenderAndUnknownPort(String impl) throws Exception {
        try (PoolFixture pool = new PoolFixture(impl)) {
            Node a = pool.start(ONE);
            Node b = pool.start(ONE);
            ReceivePort in = b.createReceivePort(ONE, "in");
            a.createSendPort(ONE, "first").connect(in.identifier());
            SendPort second = b.createSendPort(ONE, "second");
            ConnectionRefusedException e = assertThrows(ConnectionRefusedException.class,
                    () -> second.connect(in.identifier()));
            assertTrue(e.getMessage().contains("already connected"), e.getMessage());
            SendPort third = a.createSendPort(ONE, "third");
            e = assertThrows(ConnectionRefusedException.class,
                    () -> third.connect(new ReceivePortIdentifier(b.identifier(), "nope")));
            assertTrue(e.getMessage().contains("no receive port 'nope'"), e.getMessage());
        }
    }

    @ParameterizedTest
    @MethodSource("implementations")
    void oneToManyReachesEveryReceiver(String impl) throws Exception {
        try (PoolFixture pool = new PoolFixture(impl)) {
            Node a = pool.start(MANY);
            List<ReceivePort> ins = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                ins.add(pool.start(MANY).createReceivePort(MANY, "in"));
            }
            ins.add(a.createReceivePort(MANY, "self"));
            SendPort out = a.createSendPort(MANY, "bcast");
            for (ReceivePort in : ins) {
                out.connect(in.identifier());
            }
            for (int m = 0; m < 10; m++) {
                WriteMessage w = out.newMessage();
                w.writeInt(m);
                w.finish();
            }
            // several fragments, to remote nodes and to this node's own port in one message
            byte[] large = new byte[3 << 20];
            new Random(5).nextBytes(large);
            WriteMessage w = out.newMessage();
            w.writeArray(large);
            w.finish();
            for (ReceivePort in : ins) {
                for (int m = 0; m < 10; m++) {
                    ReadMessage r = in.receive(10_000);
                    assertEquals(m, r.readInt());
                    r.finish();
                }
                ReadMessage r = in.receive(10_000);
                byte[] got = new byte[large.length];
                r.readArray(got);
                r.finish();
                assertArrayEquals(large, got);
            }
            WriteMessage unfinished = out.newMessage();
            unfinished.writeInt(1);
            out.close();
            satin.ipl.IplException closed = assertThrows(satin.ipl.IplException.class, unfinished::finish);
            assertTrue(closed.getMessage().contains("closed"), closed.getMessage());
        }
    }

    @ParameterizedTest
    @MethodSource("implementations")
    void manyToOneWithConcurrentSendersKeepsPerSenderOrder(String impl) throws Exception {
        int senders = 4;
        int perSender = 5_000;
        try (PoolFixture pool = new PoolFixture(impl)) {
            Node sink = pool.start(FAN_IN);
            ReceivePort in = sink.createReceivePort(FAN_IN, "in");
            Node a = pool.start(FAN_IN);
            Node b = pool.start(FAN_IN);
            ExecutorService ex = Executors.newFixedThreadPool(senders);
            List<Future<?>> done = new ArrayList<>();
            for (int s = 0; s < senders; s++) {
                Node from = s % 2 == 0 ? a : b;
                int id = s;
                SendPort out = from.createSendPort(FAN_IN, "s" + s);
                out.connect(in.identifier());
                done.add(ex.submit(() -> {
                    for (int m = 0; m < perSender; m++) {
                        WriteMessage w = out.newMessage();
                        w.writeInt(id);
                        w.writeInt(m);
                        w.finish();
                    }
                    return null;
                }));
            }
            int[] next = new int[senders];
            for (int i = 0; i < senders * perSender; i++) {
                ReadMessage r = in.receive(20_000);
                int id = r.readInt();
                assertEquals(next[id]++, r.readInt(), "FIFO per sender");
                r.finish();
            }
            for (Future<?> f : done) {
                f.get();
            }
            ex.shutdown();
            assertEquals(2, in.connectedTo().stream().map(s -> s.node()).distinct().count());
        }
    }

    @ParameterizedTest
    @MethodSource("implementations")
    void upcallsDeliverInOrderAndExplicitReceiptTimesOut(String impl) throws Exception {
        try (PoolFixture pool = new PoolFixture(impl)) {
            Node a = pool.start(ONE);
            Node b = pool.start(ONE);
            BlockingQueue<Integer> got = new ArrayBlockingQueue<>(1000);
            ReceivePort up = b.createReceivePort(ONE, "up", m -> got.add(m.readInt()));
            SendPort out = a.createSendPort(ONE, "out");
            out.connect(up.identifier());
            for (int i = 0; i < 1000; i++) {
                WriteMessage w = out.newMessage();
                w.writeInt(i);
                w.finish();
            }
            for (int i = 0; i < 1000; i++) {
                assertEquals(i, got.poll(10, TimeUnit.SECONDS));
            }
            ReceivePort explicit = b.createReceivePort(ONE, "explicit");
            assertNull(explicit.poll());
            assertThrows(ReceiveTimeoutException.class, () -> explicit.receive(50));
            assertThrows(IllegalStateException.class, up::poll);
        }
    }

    @ParameterizedTest
    @MethodSource("implementations")
    void directUpcallsRunOnTheTransportThreadInOrderAndReplyFromThere(String impl) throws Exception {
        try (PoolFixture pool = new PoolFixture(impl)) {
            Node a = pool.start(FAN_IN);
            Node b = pool.start(FAN_IN);
            ReceivePort back = a.createReceivePort(FAN_IN, "back");
            SendPort reply = b.createSendPort(FAN_IN, "reply");
            reply.connect(back.identifier());
            List<String> threads = new java.util.concurrent.CopyOnWriteArrayList<>();
            ReceivePort echo = b.createReceivePort(FAN_IN, "echo", (DirectUpcall) m -> {
                threads.add(Thread.currentThread().getName());
                int v = m.readInt();
                m.finish();
                WriteMessage w = reply.newMessage();
                w.writeInt(v);
                w.finish();
            });
            SendPort out = a.createSendPort(FAN_IN, "out");
            out.connect(echo.identifier());
            for (int i = 0; i < 1000; i++) {
                WriteMessage w = out.newMessage();
                w.writeInt(i);
                w.finish();
            }
            for (int i = 0; i < 1000; i++) {
                ReadMessage r = back.receive(10_000);
                assertEquals(i, r.readInt());
                r.finish();
            }
            assertTrue(threads.stream().noneMatch(t -> t.startsWith("ipl-upcall-")),
                    "a direct upcall must not run on a port thread: " + threads.get(0));
        }
    }

    /**
     * An express message overtakes the port's queue: with the port's thread held in the upcall of a plain message,
     * every express message sent after it is handled, on the transport's thread, in order and one at a time; the plain
     * messages then follow on the port's thread, in order.
     */
    @ParameterizedTest
    @MethodSource("implementations")
    void expressUpcallsOvertakeTheQueueOnTheTransportThreadInOrder(String impl) throws Exception {
        byte plain = 0;
        byte express = 1;
        int count = 1000;
        try (PoolFixture pool = new PoolFixture(impl)) {
            Node a = pool.start(FAN_IN);
            Node b = pool.start(FAN_IN);
            CountDownLatch holding = new CountDownLatch(1);
            CountDownLatch release = new CountDownLatch(1);
            CountDownLatch expressDone = new CountDownLatch(count);
            CountDownLatch plainDone = new CountDownLatch(2);
            List<Integer> expressValues = new java.util.concurrent.CopyOnWriteArrayList<>();
            List<Integer> plainValues = new java.util.concurrent.CopyOnWriteArrayList<>();
            List<String> expressThreads = new java.util.concurrent.CopyOnWriteArrayList<>();
            List<String> plainThreads = new java.util.concurrent.CopyOnWriteArrayList<>();
            AtomicInteger inside = new AtomicInteger();
            AtomicInteger overlaps = new AtomicInteger();
            ReceivePort in = b.createReceivePort(FAN_IN, "in", new ExpressUpcall() {
                @Override
                public boolean express(byte lead) {
                    return lead == express;
                }

                @Override
                public void upcall(ReadMessage m) throws java.io.IOException {
                    byte kind = m.readByte();
                    int v = m.readInt();
                    m.finish();
                    if (kind == express) {
                        if (inside.incrementAndGet() != 1) {
                            overlaps.incrementAndGet();
                        }
                        expressThreads.add(Thread.currentThread().getName());
                        expressValues.add(v);
                        inside.decrementAndGet();
                        expressDone.countDown();
                        return;
                    }
                    plainThreads.add(Thread.currentThread().getName());
                    plainValues.add(v);
                    if (v == 0) {
                        holding.countDown();
                        try { // the test releases it once every express message was handled: bounded by the timeout
                            release.await(30, TimeUnit.SECONDS);
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                    }
                    plainDone.countDown();
                }
            });
            SendPort out = a.createSendPort(FAN_IN, "out");
            out.connect(in.identifier());
            send(out, plain, 0);
            assertTrue(holding.await(10, TimeUnit.SECONDS), "the plain message's upcall did not start");
            for (int i = 0; i < count; i++) {
                send(out, express, i);
                if (i == count / 2) {
                    send(out, plain, 1); // queued behind the held upcall; the express messages after it overtake it
                }
            }
            assertTrue(expressDone.await(10, TimeUnit.SECONDS), "express messages waited for the port's thread: "
                    + expressValues.size() + " of " + count + " handled");
            assertEquals(List.of(0), plainValues, "the port's thread is still held in the first plain message");
            release.countDown();
            assertTrue(plainDone.await(10, TimeUnit.SECONDS), "the plain messages were not handled");
            assertEquals(java.util.stream.IntStream.range(0, count).boxed().toList(), expressValues);
            assertEquals(List.of(0, 1), plainValues);
            assertEquals(0, overlaps.get(), "two express upcalls of one port ran at once");
            assertTrue(expressThreads.stream().noneMatch(t -> t.startsWith("ipl-upcall-")),
                    "an express upcall ran on the port's thread: " + expressThreads.get(0));
            assertTrue(plainThreads.stream().allMatch(t -> t.startsWith("ipl-upcall-")),
                    "a plain upcall ran off the port's thread: " + plainThreads);
        }
    }

    private static void send(SendPort out, byte kind, int value) throws java.io.IOException {
        WriteMessage w = out.newMessage();
        w.writeByte(kind);
        w.writeInt(value);
        w.finish();
    }

    @ParameterizedTest
    @MethodSource("implementations")
    void directUpcallSendingBeyondTheWindowDoesNotDeadlock(String impl) throws Exception {
        try (PoolFixture pool = new PoolFixture(impl)) {
            Node[] nodes = twoNodesWithSmallWindows(pool, BYTES_UPCALLS);
            Node a = nodes[0];
            Node b = nodes[1];
            ReceivePort back = a.createReceivePort(BYTES_UPCALLS, "back");
            SendPort reply = b.createSendPort(BYTES_UPCALLS, "reply");
            reply.connect(back.identifier());
            byte[] block = new byte[16 * 1024];
            ReceivePort echo = b.createReceivePort(BYTES_UPCALLS, "echo", (DirectUpcall) m -> {
                byte[] data = new byte[(int) m.remaining()];
                m.readArray(data);
                m.finish();
                WriteMessage w = reply.newMessage();
                w.writeArray(data);
                w.finish();
            });
            SendPort out = a.createSendPort(BYTES_UPCALLS, "out");
            out.connect(echo.identifier());
            // nobody reads the replies until every request is sent: replies exceed the 64 KiB window, so an
            // upcall that waited for credit would stop the link and with it the requests' credit
            int messages = 40;
            for (int i = 0; i < messages; i++) {
                block[0] = (byte) i;
                WriteMessage w = out.newMessage();
                w.writeArray(block);
                w.finish();
            }
            for (int i = 0; i < messages; i++) {
                ReadMessage r = back.receive(10_000);
                assertEquals(block.length, r.remaining());
                assertEquals((byte) i, r.readByte());
                r.finish();
            }
        }
    }

    @ParameterizedTest
    @MethodSource("implementations")
    void upcallsAnsweringEachOtherBeyondTheWindowDoNotDeadlock(String impl) throws Exception {
        try (PoolFixture pool = new PoolFixture(impl)) {
            Node[] nodes = twoNodesWithSmallWindows(pool, FAN_IN);
            Node a = nodes[0];
            Node b = nodes[1];
            SendPort aToB = a.createSendPort(FAN_IN, "aToB");
            SendPort bToA = b.createSendPort(FAN_IN, "bToA");
            int messages = 20;
            byte[] block = new byte[16 * 1024];
            CountDownLatch answered = new CountDownLatch(messages);
            // a's upcall sends far more than a window to b while b's upcall answers each message to a's port,
            // whose thread is still busy sending: with upcalls waiting for credit, both would wait forever
            ReceivePort inA = a.createReceivePort(FAN_IN, "inA", m -> {
                int kind = m.readInt();
                m.finish();
                if (kind < 0) {
                    for (int i = 0; i < messages; i++) {
                        WriteMessage w = aToB.newMessage();
                        w.writeInt(i);
                        w.writeArray(block);
                        w.finish();
                    }
                } else {
                    answered.countDown();
                }
            });
            ReceivePort inB = b.createReceivePort(FAN_IN, "inB", m -> {
                int i = m.readInt();
                m.finish();
                WriteMessage w = bToA.newMessage();
                w.writeInt(i);
                w.writeArray(block);
                w.finish();
            });
            aToB.connect(inB.identifier());
            bToA.connect(inA.identifier());
            SendPort starter = b.createSendPort(FAN_IN, "starter");
            starter.connect(inA.identifier());
            WriteMessage go = starter.newMessage();
            go.writeInt(-1);
            go.finish();
            assertTrue(answered.await(30, TimeUnit.SECONDS), answered.getCount() + " answers missing");
        }
    }

    @ParameterizedTest
    @MethodSource("implementations")
    void hundredThousandSmallMessagesArriveInOrder(String impl) throws Exception {
        try (PoolFixture pool = new PoolFixture(impl)) {
            PoolFixture.Connection c = pool.connect(BYTES);
            ReceivePort in = c.in();
            SendPort out = c.out();
            int n = 100_000;
            Thread sender = new Thread(() -> {
                try {
                    for (int i = 0; i < n; i++) {
                        WriteMessage w = out.newMessage();
                        w.writeByte((byte) i);
                        w.writeByte((byte) (i >> 8));
                        w.writeByte((byte) (i >> 16));
                        w.finish();
                    }
                } catch (Exception e) {
                    throw new RuntimeException(e);
                }
            });
            sender.start();
            for (int i = 0; i < n; i++) {
                ReadMessage r = in.receive(20_000);
                int v = (r.readByte() & 0xff) | (r.readByte() & 0xff) << 8 | (r.readByte() & 0xff) << 16;
                assertEquals(i, v);
                r.finish();
            }
            sender.join();
            assertEquals(n, c.sender().statistics().totalMessages());
            assertEquals(3L * n, c.sender().statistics().totalBytes());
        }
    }

    @ParameterizedTest
    @MethodSource("implementations")
    void sixtyFourMebibyteMessage(String impl) throws Exception {
        try (PoolFixture pool = new PoolFixture(impl)) {
            PoolFixture.Connection c = pool.connect(BYTES);
            ReceivePort in = c.in();
            SendPort out = c.out();
            byte[] big = new byte[64 << 20];
            new Random(42).nextBytes(big);
            Thread sender = new Thread(() -> {
                try {
                    WriteMessage w = out.newMessage();
                    w.writeArray(big);
                    w.finish();
                } catch (Exception e) {
                    throw new RuntimeException(e);
                }
            });
            sender.start();
            ReadMessage r = in.receive(60_000);
            assertEquals(big.length, r.size());
            byte[] back = new byte[big.length];
            r.readArray(back);
            r.finish();
            sender.join();
            assertArrayEquals(big, back);
        }
    }

    @ParameterizedTest
    @MethodSource("implementations")
    void slowReceivePortDoesNotStallOtherPortsOnTheSameLink(String impl) throws Exception {
        try (PoolFixture pool = new PoolFixture(impl)) {
            Node[] nodes = twoNodesWithSmallWindows(pool, BYTES);
            Node a = nodes[0];
            Node b = nodes[1];
            ReceivePort slow = b.createReceivePort(BYTES, "slow");
            ReceivePort fast = b.createReceivePort(BYTES, "fast");
            SendPort toSlow = a.createSendPort(BYTES, "toSlow");
            SendPort toFast = a.createSendPort(BYTES, "toFast");
            toSlow.connect(slow.identifier());
            toFast.connect(fast.identifier());
            int slowMessages = 100;
            AtomicInteger slowSent = new AtomicInteger();
            CountDownLatch started = new CountDownLatch(1);
            Thread blocked = new Thread(() -> {
                try {
                    started.countDown();
                    for (int i = 0; i < slowMessages; i++) {
                        WriteMessage w = toSlow.newMessage();
                        w.writeArray(new byte[16 * 1024]);
                        w.finish();
                        slowSent.incrementAndGet();
                    }
                } catch (Exception e) {
                    // closing the pool at the end fails the blocked send
                }
            });
            blocked.start();
            started.await();
            for (int i = 0; i < 200; i++) {
                WriteMessage w = toFast.newMessage();
                w.writeArray(new byte[16 * 1024]);
                w.finish();
                fast.receive(10_000).finish();
            }
            assertTrue(slowSent.get() < slowMessages,
                    "a 64 KiB window cannot hold " + slowMessages + " messages of 16 KiB: the slow sender must wait");
            for (int i = 0; i < slowMessages; i++) {
                slow.receive(10_000).finish();
            }
            blocked.join(10_000);
            assertEquals(slowMessages, slowSent.get());
        }
    }

    /** A class deliberately missing from the registration list. */
    static final class NotRegistered {
        int x = 1;
    }

    @ParameterizedTest
    @MethodSource("implementations")
    void unregisteredClassIsNamed(String impl) throws Exception {
        try (PoolFixture pool = new PoolFixture(impl)) {
            PoolFixture.Connection c = pool.connect(ONE);
            ReceivePort in = c.in();
            SendPort out = c.out();
            WriteMessage w = out.newMessage();
            UnregisteredClassException e = assertThrows(UnregisteredClassException.class,
                    () -> w.writeObject(new NotRegistered()));
            assertTrue(e.getMessage().contains(NotRegistered.class.getName()), e.getMessage());
        }
    }

    @ParameterizedTest
    @MethodSource("implementations")
    void serializationLevelIsEnforced(String impl) throws Exception {
        try (PoolFixture pool = new PoolFixture(impl)) {
            PoolFixture.Connection c = pool.connect(BYTES);
            ReceivePort in = c.in();
            SendPort out = c.out();
            WriteMessage w = out.newMessage();
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> w.writeInt(1));
            assertTrue(e.getMessage().contains("SERIALIZATION_DATA"), e.getMessage());
        }
    }

    @ParameterizedTest
    @MethodSource("implementations")
    void unreliablePortDeliversWholeMessagesInOrderOrNotAtAll(String impl) throws Exception {
        PortType unreliable = PortType.of(ONE_TO_ONE, UNRELIABLE, FIFO, EXPLICIT_RECEIPT, SERIALIZATION_DATA);
        try (PoolFixture pool = new PoolFixture(impl)) {
            PoolFixture.Connection c = pool.connect(unreliable);
            int n = 500;
            for (int i = 0; i < n; i++) {
                WriteMessage w = c.out().newMessage();
                w.writeInt(i);
                w.writeArray(new int[] {i, i, i});
                w.finish();
            }
            int last = -1;
            int got = 0;
            ReadMessage r;
            while (last < n - 1 && (r = pollFor(c.in(), 5_000)) != null) {
                int i = r.readInt();
                int[] copies = new int[3];
                r.readArray(copies);
                assertTrue(i > last, "in order: " + i + " after " + last);
                assertArrayEquals(new int[] {i, i, i}, copies, "whole messages only");
                last = i;
                got++;
            }
            assertTrue(got > 0, "an unreliable port still delivers");
        }
    }

    private static ReadMessage pollFor(ReceivePort in, long millis) throws Exception {
        try {
            return in.receive(millis);
        } catch (ReceiveTimeoutException e) {
            return null;
        }
    }
}
