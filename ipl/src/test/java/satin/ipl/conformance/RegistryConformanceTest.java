package satin.ipl.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import satin.ipl.IplConfig;
import satin.ipl.IplProperties;
import satin.ipl.Node;
import satin.ipl.NodeIdentifier;
import satin.ipl.RegistryEvent;
import satin.ipl.RegistryEventHandler;
import satin.ipl.RegistryLostException;
import satin.ipl.registry.JoinRefusedException;

/** Registry behaviour within one JVM, for every implementation. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class RegistryConformanceTest {
    static List<String> implementations() {
        return ConformanceImplementations.ALL;
    }

    /** Records upcalls as events. */
    static final class Recorder implements RegistryEventHandler {
        final BlockingQueue<RegistryEvent> events = new LinkedBlockingQueue<>();
        final BlockingQueue<Throwable> lost = new LinkedBlockingQueue<>();

        @Override
        public void joined(NodeIdentifier n) {
            events.add(new RegistryEvent(RegistryEvent.Type.JOINED, n, null));
        }

        @Override
        public void left(NodeIdentifier n) {
            events.add(new RegistryEvent(RegistryEvent.Type.LEFT, n, null));
        }

        @Override
        public void died(NodeIdentifier n) {
            events.add(new RegistryEvent(RegistryEvent.Type.DIED, n, null));
        }

        @Override
        public void gotSignal(String s, NodeIdentifier source) {
            events.add(new RegistryEvent(RegistryEvent.Type.SIGNAL, source, s));
        }

        @Override
        public void electionResult(String e, NodeIdentifier w) {
            events.add(new RegistryEvent(RegistryEvent.Type.ELECTED, w, e));
        }

        @Override
        public void poolClosed() {
            events.add(new RegistryEvent(RegistryEvent.Type.POOL_CLOSED, null, null));
        }

        @Override
        public void poolTerminated(NodeIdentifier source) {
            events.add(new RegistryEvent(RegistryEvent.Type.TERMINATED, source, null));
        }

        @Override
        public void registryLost(Throwable cause) {
            lost.add(cause);
        }

        RegistryEvent next() throws InterruptedException {
            RegistryEvent e = events.poll(20, TimeUnit.SECONDS);
            assertNotNull(e, "expected a registry event");
            return e;
        }

        RegistryEvent next(RegistryEvent.Type type) throws InterruptedException {
            while (true) {
                RegistryEvent e = next();
                if (e.type() == type) {
                    return e;
                }
            }
        }
    }

    @ParameterizedTest
    @MethodSource("implementations")
    void joinLeaveEventsAsUpcallsAndDowncalls(String impl) throws Exception {
        try (PoolFixture pool = new PoolFixture(impl)) {
            Recorder rec = new Recorder();
            Node a = pool.start(pool.config().build(), rec);
            assertEquals(a.identifier(), rec.next(RegistryEvent.Type.JOINED).node());
            Node b = pool.start();
            assertEquals(b.identifier(), rec.next(RegistryEvent.Type.JOINED).node());
            List<RegistryEvent> seenByB = new ArrayList<>();
            while (seenByB.size() < 2) {
                seenByB.addAll(b.registry().waitForEvents(10_000));
            }
            assertEquals(List.of(a.identifier(), b.identifier()), seenByB.stream().map(RegistryEvent::node).toList());
            assertEquals(2, a.registry().poolSize());
            b.close();
            RegistryEvent left = rec.next(RegistryEvent.Type.LEFT);
            assertEquals(b.identifier(), left.node());
            assertEquals(List.of(a.identifier()), a.registry().members());
        }
    }

    @ParameterizedTest
    @MethodSource("implementations")
    void electionSurvivesItsWinnerLeaving(String impl) throws Exception {
        try (PoolFixture pool = new PoolFixture(impl)) {
            Node a = pool.start();
            Node b = pool.start();
            Node c = pool.start();
            assertEquals(a.identifier(), a.registry().elect("master"));
            assertEquals(a.identifier(), b.registry().elect("master"));
            assertEquals(a.identifier(), c.registry().getElectionResult("master", 10_000));
            a.close();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            NodeIdentifier next = null;
            while (System.nanoTime() < deadline && (next == null || next.equals(a.identifier()))) {
                next = c.registry().getElectionResult("master", 1000);
                Thread.sleep(10);
            }
            assertEquals(b.identifier(), next, "the next candidate wins");
            assertEquals(b.identifier(), c.registry().elect("master"));
        }
    }

    @ParameterizedTest
    @MethodSource("implementations")
    void signalsReachTheirTargetsOnly(String impl) throws Exception {
        try (PoolFixture pool = new PoolFixture(impl)) {
            Recorder ra = new Recorder();
            Recorder rb = new Recorder();
            Node a = pool.start(pool.config().build(), ra);
            Node b = pool.start(pool.config().build(), rb);
            Node c = pool.start();
            c.registry().signal("to-b", b.identifier());
            c.registry().signal("to-all");
            RegistryEvent s1 = rb.next(RegistryEvent.Type.SIGNAL);
            assertEquals("to-b", s1.text());
            assertEquals(c.identifier(), s1.node());
            assertEquals("to-all", rb.next(RegistryEvent.Type.SIGNAL).text());
            assertEquals("to-all", ra.next(RegistryEvent.Type.SIGNAL).text(), "a never gets to-b");
        }
    }

    @ParameterizedTest
    @MethodSource("implementations")
    void closedPoolAndTermination(String impl) throws Exception {
        try (PoolFixture pool = new PoolFixture(impl)) {
            IplConfig three = pool.config().set(IplProperties.POOL_SIZE, 3).build();
            Node a = pool.start(three, null);
            assertFalse(a.registry().waitUntilPoolClosed(10));
            pool.start(three, null);
            Node c = pool.start(three, null);
            assertTrue(a.registry().waitUntilPoolClosed(10_000));
            assertTrue(c.registry().waitUntilPoolClosed(10_000));
            assertThrows(JoinRefusedException.class, () -> pool.start(three, null));
            c.registry().terminate();
            assertTrue(a.registry().waitUntilTerminated(10_000));
        }
    }

    @Test
    void lostRegistryServerGivesAClearErrorNotAHang() throws Exception {
        try (PoolFixture pool = new PoolFixture("tcp")) {
            Recorder rec = new Recorder();
            Node a = pool.start(pool.config().set(IplProperties.HEARTBEAT_INTERVAL_MS, 200)
                    .set(IplProperties.HEARTBEAT_TIMEOUT_MS, 2000).build(), rec);
            pool.server().stop();
            assertNotNull(rec.lost.poll(20, TimeUnit.SECONDS), "registryLost upcall");
            assertThrows(RegistryLostException.class, () -> a.registry().elect("x"));
            assertThrows(RegistryLostException.class, () -> a.registry().waitUntilTerminated(60_000));
        }
    }

    @Test
    void silentRegistryServerIsDetectedByTheHeartbeatTimeout() throws Exception {
        try (java.net.ServerSocket fake = new java.net.ServerSocket(0, 50, java.net.InetAddress.getByName("127.0.0.1"))) {
            Thread server = new Thread(() -> {
                try (java.net.Socket s = fake.accept()) {
                    s.getInputStream().read(new byte[4096]);
                    NodeIdentifier me = new NodeIdentifier("silent", "0", satin.ipl.Location.parse("a@b"), "tcp",
                            new byte[0]);
                    io.netty.buffer.ByteBufAllocator alloc = io.netty.buffer.ByteBufAllocator.DEFAULT;
                    for (io.netty.buffer.ByteBuf frame : List.of(
                            satin.ipl.registry.RegistryProtocol.event(alloc, new RegistryEvent(RegistryEvent.Type.JOINED, me, null)),
                            satin.ipl.registry.RegistryProtocol.identifier(alloc, satin.ipl.registry.RegistryProtocol.JOIN_OK, me))) {
                        byte[] bytes = new byte[frame.readableBytes()];
                        frame.readBytes(bytes);
                        frame.release();
                        s.getOutputStream().write(bytes);
                    }
                    s.getOutputStream().flush();
                    while (s.getInputStream().read(new byte[4096]) >= 0) {
                        // swallow heartbeats, never answer
                    }
                } catch (IOException e) {
                    // the client gave up on us: expected
                }
            });
            server.setDaemon(true);
            server.start();
            Recorder rec = new Recorder();
            IplConfig config = IplConfig.builder().set(IplProperties.IMPLEMENTATION, "tcp")
                    .set(IplProperties.POOL_NAME, "silent")
                    .set(IplProperties.REGISTRY_ADDRESS, "127.0.0.1:" + fake.getLocalPort())
                    .set(IplProperties.INSECURE, "true") // the fake server speaks the registry protocol only
                    .set(IplProperties.HEARTBEAT_INTERVAL_MS, 100)
                    .set(IplProperties.HEARTBEAT_TIMEOUT_MS, 1000).build();
            try (Node n = satin.ipl.start.Ipl.node(config).eventHandler(rec).start()) {
                Throwable cause = rec.lost.poll(20, TimeUnit.SECONDS);
                assertNotNull(cause, "registryLost upcall");
                assertTrue(cause.getMessage().contains("silent"), cause.getMessage());
                RegistryLostException e = assertThrows(RegistryLostException.class, () -> n.registry().members());
                assertTrue(e.getMessage().contains("heartbeat"), e.getMessage());
            }
        }
    }

    @Test
    void unreachableRegistryFailsWithinTheConnectTimeout() {
        IplConfig config = IplConfig.builder().set(IplProperties.IMPLEMENTATION, "tcp")
                .set(IplProperties.REGISTRY_ADDRESS, "127.0.0.1:1")
                .set(IplProperties.SECRET_FILE, satin.ipl.security.TestSecrets.newFile().toString())
                .set(IplProperties.CONNECT_TIMEOUT_MS, 2000).build();
        Exception e = assertThrows(Exception.class, () -> satin.ipl.start.Ipl.node(config).start());
        assertTrue(e.getMessage().contains("registry"), e.getMessage());
    }
}
