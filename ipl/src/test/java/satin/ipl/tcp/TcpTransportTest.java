package satin.ipl.tcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

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
import satin.ipl.ReceivePortIdentifier;
import satin.ipl.SendPort;
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
}
