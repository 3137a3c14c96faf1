package satin.ipl.tcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import satin.ipl.ConnectionRefusedException;
import satin.ipl.IplException;
import satin.ipl.IplProperties;
import satin.ipl.Location;
import satin.ipl.Node;
import satin.ipl.NodeIdentifier;
import satin.ipl.PortCapability;
import satin.ipl.PortType;
import satin.ipl.ReceivePort;
import satin.ipl.ReceivePortIdentifier;
import satin.ipl.SendPort;
import satin.ipl.WriteMessage;
import satin.ipl.conformance.PoolFixture;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class TcpTransportTest {
    static final PortType TYPE = PortType.of(PortCapability.ONE_TO_ONE, PortCapability.RELIABLE,
            PortCapability.EXPLICIT_RECEIPT, PortCapability.SERIALIZATION_BYTES);

    private static int freePort() throws Exception {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    @Test
    void listensInsideThePortRangeAndAdvertisesTheConfiguredAddress() throws Exception {
        try (PoolFixture pool = new PoolFixture("tcp")) {
            int low = freePort();
            Node n = pool.start(pool.config().set(IplProperties.PORT_RANGE, low + "-" + (low + 20))
                    .set(IplProperties.ADVERTISED_ADDRESS, "localhost").build(), null, TYPE);
            String[] address = new String(n.identifier().address(), StandardCharsets.UTF_8).split(":");
            assertEquals("localhost", address[0]);
            int port = Integer.parseInt(address[1]);
            assertTrue(port >= low && port <= low + 20, "port " + port);
        }
    }

    @Test
    void exhaustedPortRangeIsAClearError() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 50, java.net.InetAddress.getByName("127.0.0.1"));
                PoolFixture pool = new PoolFixture("tcp")) {
            int p = taken.getLocalPort();
            IplException e = assertThrows(IplException.class, () -> pool.start(
                    pool.config().set(IplProperties.PORT_RANGE, Integer.toString(p)).build(), null, TYPE));
            assertTrue(e.getMessage().contains("ipl.port.range"), e.getMessage());
        }
    }

    @Test
    void silentPeerFailsTheConnectWithinItsTimeout() throws Exception {
        try (ServerSocket silent = new ServerSocket(0, 50, java.net.InetAddress.getByName("127.0.0.1"));
                PoolFixture pool = new PoolFixture("tcp")) {
            Thread acceptor = new Thread(() -> {
                try (Socket s = silent.accept()) {
                    s.getInputStream().read(new byte[1 << 16]);
                    Thread.sleep(20_000);
                } catch (Exception e) {
                    // the test is over
                }
            });
            acceptor.setDaemon(true);
            acceptor.start();
            Node n = pool.start(TYPE);
            NodeIdentifier ghost = new NodeIdentifier(n.identifier().pool(), "999", Location.parse("g@h"), "tcp",
                    ("127.0.0.1:" + silent.getLocalPort()).getBytes(StandardCharsets.UTF_8));
            SendPort out = n.createSendPort(TYPE, "out");
            ConnectionRefusedException e = assertThrows(ConnectionRefusedException.class,
                    () -> out.connect(new ReceivePortIdentifier(ghost, "in"), 1000));
            assertTrue(e.getMessage().contains("999"), e.getMessage());
        }
    }

    @Test
    void nodesConnectingToEachOtherAtOnceEndWithOneConnection() throws Exception {
        List<Path> tables = List.of(Path.of("/proc/net/tcp"), Path.of("/proc/net/tcp6"));
        Assumptions.assumeTrue(Files.isReadable(tables.get(0)), "needs Linux's /proc/net/tcp to count connections");
        try (PoolFixture pool = new PoolFixture("tcp")) {
            for (int round = 0; round < 20; round++) {
                Node a = pool.start(TYPE);
                Node b = pool.start(TYPE);
                ReceivePort inA = a.createReceivePort(TYPE, "in");
                ReceivePort inB = b.createReceivePort(TYPE, "in");
                SendPort outA = a.createSendPort(TYPE, "out");
                SendPort outB = b.createSendPort(TYPE, "out");
                CyclicBarrier together = new CyclicBarrier(2);
                ExecutorService both = Executors.newFixedThreadPool(2);
                try {
                    Future<?> ab = both.submit(() -> {
                        together.await();
                        outA.connect(inB.identifier());
                        return null;
                    });
                    Future<?> ba = both.submit(() -> {
                        together.await();
                        outB.connect(inA.identifier());
                        return null;
                    });
                    ab.get(30, TimeUnit.SECONDS);
                    ba.get(30, TimeUnit.SECONDS);
                } finally {
                    both.shutdownNow();
                }
                send(outA, 1);
                send(outB, 2);
                assertEquals(1, inB.receive(10_000).readByte());
                assertEquals(2, inA.receive(10_000).readByte());
                Set<Integer> ports = Set.of(listenPort(a), listenPort(b));
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
                long accepted;
                do {
                    // a connection that gave way closes asynchronously
                    accepted = establishedTo(tables, ports);
                } while (accepted != 1 && System.nanoTime() < deadline && sleep());
                assertEquals(1, accepted, "round " + round + ": connections accepted by the two nodes");
                a.close();
                b.close();
                // the next round's nodes may be given these listen ports again: a connection still open then
                // would be counted as theirs, so the round ends only when the closed nodes' connections are gone
                deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
                do {
                    accepted = establishedTo(tables, ports);
                } while (accepted != 0 && System.nanoTime() < deadline && sleep());
                assertEquals(0, accepted, "round " + round + ": connections left open after both nodes closed");
            }
        }
    }

    private static void send(SendPort out, int value) throws Exception {
        WriteMessage w = out.newMessage();
        w.writeByte((byte) value);
        w.finish();
    }

    private static boolean sleep() throws InterruptedException {
        Thread.sleep(50);
        return true;
    }

    private static int listenPort(Node n) {
        String address = new String(n.identifier().address(), StandardCharsets.UTF_8);
        return Integer.parseInt(address.substring(address.lastIndexOf(':') + 1));
    }

    /** Established connections whose local end is one of the listen ports (that is, accepted ones). */
    private static long establishedTo(List<Path> tables, Set<Integer> listenPorts) throws Exception {
        long n = 0;
        for (Path table : tables) {
            if (Files.isReadable(table)) {
                n += Files.readAllLines(table).stream().skip(1).map(l -> l.trim().split("\\s+"))
                        .filter(f -> f.length > 3 && f[3].equals("01"))
                        .filter(f -> listenPorts.contains(Integer.parseInt(f[1].substring(f[1].indexOf(':') + 1), 16)))
                        .count();
            }
        }
        return n;
    }
}
