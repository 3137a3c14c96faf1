package satin.ipl.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.UnpooledByteBufAllocator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import satin.ipl.IplConfig;
import satin.ipl.IplException;
import satin.ipl.IplProperties;
import satin.ipl.Location;
import satin.ipl.Node;
import satin.ipl.NodeIdentifier;
import satin.ipl.PortCapability;
import satin.ipl.PortType;
import satin.ipl.ReceivePort;
import satin.ipl.RegistryEventHandler;
import satin.ipl.SendPort;
import satin.ipl.WriteMessage;
import satin.ipl.conformance.PoolFixture;
import satin.ipl.registry.JoinRequest;
import satin.ipl.registry.RegistryLimits;
import satin.ipl.registry.RegistryProtocol;
import satin.ipl.registry.RegistryServer;
import satin.ipl.start.Ipl;

/**
 * Hostile and mistaken peers against a pool with a secret, over real sockets: each is refused with a reason,
 * and the pool goes on as if it had never been there (no join event, no message).
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class PoolSecurityTest {
    static final PortType BYTES = PortType.of(PortCapability.ONE_TO_ONE, PortCapability.RELIABLE,
            PortCapability.FIFO, PortCapability.EXPLICIT_RECEIPT, PortCapability.SERIALIZATION_DATA);

    /** Records the joins a member sees. */
    static final class Joins implements RegistryEventHandler {
        final List<NodeIdentifier> joined = new CopyOnWriteArrayList<>();

        @Override
        public void joined(NodeIdentifier node) {
            synchronized (this) {
                joined.add(node);
                notifyAll();
            }
        }

        /** Waits (at most 20 s) until {@code n} joins were seen: events arrive after the joiner's start. */
        synchronized void awaitCount(int n) throws InterruptedException {
            long deadline = System.currentTimeMillis() + 20_000;
            while (joined.size() < n && System.currentTimeMillis() < deadline) {
                wait(Math.max(1, deadline - System.currentTimeMillis()));
            }
        }
    }

    /**
     * Waits (at most 20 s) until the registry has counted {@code n} refused authentications. The count is the
     * registry's own event and may come after the refused node's exception: when the node refuses the registry's
     * proof, the registry learns of it from the node's REFUSED message, which the node sends as it throws.
     */
    static long awaitRefusedAuthentications(RegistryServer server, long n) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (server.refusedAuthentications() < n && System.nanoTime() < deadline) {
            Thread.sleep(1);
        }
        return server.refusedAuthentications();
    }

    @Test
    void aNodeWithTheWrongSecretIsRefusedOnBothSidesAndNeverJoins() throws Exception {
        try (PoolFixture pool = new PoolFixture("tcp")) {
            Joins joins = new Joins();
            Node a = pool.start(pool.config().build(), joins, BYTES);
            IplConfig wrong = pool.config().set(IplProperties.SECRET_FILE, TestSecrets.newFile().toString()).build();
            AuthenticationException e = assertThrows(AuthenticationException.class, () -> Ipl.node(wrong)
                    .portTypes(BYTES).start());
            assertTrue(e.getMessage().contains("pool authentication failed"), e.getMessage());
            assertTrue(e.getMessage().contains("could not prove the pool secret"), e.getMessage());
            assertEquals(1, awaitRefusedAuthentications(pool.server(), 1), "the registry saw and counted the refusal");
            Node b = pool.start(BYTES); // the right secret still works, and b's join is the only other one
            assertEquals(2, b.registry().members().size());
            joins.awaitCount(2);
            assertEquals(List.of(a.identifier(), b.identifier()), joins.joined);
        }
    }

    @Test
    void aNetworkPoolWithoutASecretIsRefusedBeforeAnythingIsSent() {
        IplConfig none = IplConfig.builder().set(IplProperties.IMPLEMENTATION, "tcp")
                .set(IplProperties.REGISTRY_ADDRESS, "127.0.0.1:1").build();
        IplException e = assertThrows(IplException.class, () -> Ipl.node(none).start());
        assertTrue(e.getMessage().startsWith("no pool secret: set ipl.security.secret.file"), e.getMessage());
        assertTrue(e.getMessage().contains("--insecure"), e.getMessage());
    }

    @Test
    void anInsecureNodeIsRefusedByAPoolWithASecret() throws Exception {
        try (PoolFixture pool = new PoolFixture("tcp")) {
            pool.start(BYTES);
            IplConfig insecure = pool.config().set(IplProperties.SECRET_FILE, "")
                    .set(IplProperties.INSECURE, "true").build();
            IplException e = assertThrows(IplException.class, () -> Ipl.node(insecure).portTypes(BYTES).start());
            assertTrue(e.getMessage().contains("registry"), e.getMessage());
            assertTrue(awaitRefusedAuthentications(pool.server(), 1) >= 1, "the registry counted the refusal");
        }
    }

    @Test
    void aForgedJoinWithoutTheExchangeIsClosedAndChangesNothing() throws Exception {
        try (PoolFixture pool = new PoolFixture("tcp")) {
            Joins joins = new Joins();
            Node a = pool.start(pool.config().build(), joins, BYTES);
            JoinRequest forged = new JoinRequest(a.identifier().pool(), Location.parse("mallory@evil"), "tcp",
                    "127.0.0.1:9".getBytes(StandardCharsets.UTF_8), new byte[32], 0);
            ByteBuf frame = RegistryProtocol.join(UnpooledByteBufAllocator.DEFAULT, forged, 10_000);
            byte[] bytes = ByteBufUtil.getBytes(frame);
            frame.release();
            byte[] answer = sendAndReadUntilClosed(new InetSocketAddress("127.0.0.1", pool.server().port()), bytes);
            String text = new String(answer, StandardCharsets.ISO_8859_1);
            assertTrue(text.contains("is it running with --insecure?"), "the refusal names the cause: " + text);
            Node b = pool.start(BYTES);
            joins.awaitCount(2);
            assertEquals(List.of(a.identifier(), b.identifier()), joins.joined, "mallory never joined");
            assertEquals(2, a.registry().members().size());
        }
    }

    @Test
    void aForgedLinkToANodeIsRefusedAndTheNodeKeepsServing() throws Exception {
        try (PoolFixture pool = new PoolFixture("tcp")) {
            Node a = pool.start(BYTES);
            Node b = pool.start(BYTES);
            ReceivePort in = a.createReceivePort(BYTES, "in");
            SendPort out = b.createSendPort(BYTES, "out");
            out.connect(in.identifier());
            send(out, 1);
            assertEquals(1, in.receive(20_000).readInt());
            // A client speaking the link protocol (an insecure node) or a forged authentication: refused, closed.
            InetSocketAddress target = address(a);
            sendAndReadUntilClosed(target, new byte[] {0, 0, 0, 20, 0x53, 0x41, 0x54, 0x50, 1, 2, 3});
            sendAndReadUntilClosed(target, "GET / HTTP/1.0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            send(out, 2);
            assertEquals(2, in.receive(20_000).readInt());
        }
    }

    @Test
    void anAlteredTlsRecordBreaksTheLinkAndIsNeverDelivered() throws Exception {
        try (PoolFixture pool = new PoolFixture("tcp")) {
            Node a = pool.start(pool.config().set(IplProperties.BIND_ADDRESS, "127.0.0.1")
                    .set(IplProperties.ADVERTISED_ADDRESS, "127.0.0.2").build(), null, BYTES);
            Node b = pool.start(BYTES);
            int port = address(a).getPort();
            // The node is reached at 127.0.0.2:port, where this relay flips one byte of the traffic towards it
            // once the handshakes are long over (after 16 KiB).
            try (TamperingRelay relay = new TamperingRelay(new InetSocketAddress("127.0.0.2", port),
                    new InetSocketAddress("127.0.0.1", port), 16 << 10)) {
                ReceivePort in = a.createReceivePort(BYTES, "in");
                SendPort out = b.createSendPort(BYTES, "out");
                out.connect(in.identifier());
                WriteMessage w = out.newMessage();
                w.writeArray(new byte[64 << 10]);
                try {
                    w.finish();
                } catch (IplException e) {
                    // the receiver may break the link before the send completes: the sender is told, nothing is lost
                    assertTrue(e.getMessage().contains("closed"), e.getMessage());
                }
                assertTrue(relay.closedByTarget.await(30, TimeUnit.SECONDS), "the node closed the altered link");
                assertTrue(relay.flipped, "a byte was altered");
                assertNull(in.poll(), "nothing of the altered stream was delivered");
            }
        }
    }

    @Test
    void aJoinFloodFromOneAddressIsCutOffWhileOthersStillJoin() throws Exception {
        RegistryServer server = new RegistryServer("127.0.0.1", 0).limits(new RegistryLimits(10, 100,
                RegistryProtocol.MAX_FRAME, 0.001, 5));
        try (PoolFixture pool = new PoolFixture("tcp", server)) {
            InetSocketAddress target = new InetSocketAddress("127.0.0.1", server.port());
            for (int i = 0; i < 20; i++) {
                try (Socket s = new Socket()) {
                    s.bind(new InetSocketAddress(InetAddress.getByName("127.0.0.3"), 0));
                    s.connect(target, 5000); // connected by the kernel, closed at once by the server beyond 5
                }
            }
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (server.refusedConnections() < 15 && System.nanoTime() < deadline) {
                Thread.onSpinWait();
            }
            assertEquals(15, server.refusedConnections(), "all beyond the burst of 5 were refused");
            Node a = pool.start(pool.config().set(IplProperties.BIND_ADDRESS, "127.0.0.1").build(), null, BYTES);
            assertEquals(1, a.registry().members().size(), "a member from another address still joins");
        }
    }

    @Test
    void aPoolBeyondItsMemberLimitRefusesTheJoinWithTheLimit() throws Exception {
        RegistryServer server = new RegistryServer("127.0.0.1", 0).limits(new RegistryLimits(10, 2,
                RegistryProtocol.MAX_FRAME, 50, 200));
        try (PoolFixture pool = new PoolFixture("tcp", server)) {
            pool.start(BYTES);
            pool.start(BYTES);
            IplException e = assertThrows(IplException.class, () -> pool.start(BYTES));
            assertTrue(e.getMessage().contains("has reached 2 members"), e.getMessage());
        }
    }

    private static void send(SendPort out, int value) throws Exception {
        WriteMessage w = out.newMessage();
        w.writeInt(value);
        w.finish();
    }

    private static InetSocketAddress address(Node n) {
        String a = new String(n.identifier().address(), StandardCharsets.UTF_8);
        int colon = a.lastIndexOf(':');
        return new InetSocketAddress(a.substring(0, colon), Integer.parseInt(a.substring(colon + 1)));
    }

    /** Sends the bytes and reads what the peer answers until it closes the connection. */
    private static byte[] sendAndReadUntilClosed(InetSocketAddress target, byte[] bytes) throws Exception {
        try (Socket s = new Socket()) {
            s.connect(target, 5000);
            s.setSoTimeout(30_000);
            s.getOutputStream().write(bytes);
            s.getOutputStream().flush();
            java.io.ByteArrayOutputStream got = new java.io.ByteArrayOutputStream();
            byte[] buf = new byte[4096];
            try {
                for (int n; (n = s.getInputStream().read(buf)) >= 0; ) {
                    got.write(buf, 0, n);
                }
            } catch (java.net.SocketException reset) {
                // a reset is a close too
            }
            return got.toByteArray();
        }
    }

    /** Relays one connection to a target and flips one byte of the stream towards it after {@code after} bytes. */
    static final class TamperingRelay implements AutoCloseable {
        final CountDownLatch closedByTarget = new CountDownLatch(1);
        volatile boolean flipped;
        private final ServerSocket listener;
        private final Thread acceptor;

        TamperingRelay(InetSocketAddress at, InetSocketAddress target, long after) throws Exception {
            listener = new ServerSocket();
            listener.bind(at);
            acceptor = new Thread(() -> {
                try (Socket client = listener.accept(); Socket server = new Socket()) {
                    server.connect(target, 5000);
                    Thread back = new Thread(() -> {
                        copy(server, client, Long.MAX_VALUE);
                        closedByTarget.countDown();
                    });
                    back.setDaemon(true);
                    back.start();
                    copy(client, server, after);
                    back.join(60_000);
                } catch (Exception e) {
                    // the test is over
                }
            }, "tampering-relay");
            acceptor.setDaemon(true);
            acceptor.start();
        }

        private void copy(Socket from, Socket to, long flipAfter) {
            byte[] buf = new byte[8192];
            long total = 0;
            try {
                InputStream in = from.getInputStream();
                OutputStream out = to.getOutputStream();
                for (int n; (n = in.read(buf)) >= 0; ) {
                    if (!flipped && total + n > flipAfter) {
                        int at = (int) Math.max(0, flipAfter - total);
                        buf[at] ^= 0x5a;
                        flipped = true;
                    }
                    total += n;
                    out.write(buf, 0, n);
                    out.flush();
                }
                to.shutdownOutput();
            } catch (Exception e) {
                // the other side closed: what the test waits for
            }
        }

        @Override
        public void close() throws Exception {
            listener.close();
            acceptor.join(10_000);
        }
    }
}
