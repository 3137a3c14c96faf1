package satin.ipl.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import satin.ipl.Location;
import satin.ipl.Node;
import satin.ipl.NodeIdentifier;
import satin.ipl.PortCapability;
import satin.ipl.PortType;
import satin.ipl.Reachability;

/**
 * {@link Node#probe}: what a member that lost its registry learns about a peer whose link closed. A live peer answers;
 * the address of a node that is gone refuses (tcp: its listening socket is closed; local: it left the network); udp,
 * which has no connection to refuse, and an address that takes the connection but never answers, say nothing.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ProbeTest {
    private static final PortType TYPE = PortType.of(PortCapability.ONE_TO_ONE, PortCapability.RELIABLE,
            PortCapability.FIFO, PortCapability.EXPLICIT_RECEIPT, PortCapability.SERIALIZATION_BYTES);

    @ParameterizedTest
    @ValueSource(strings = {"local", "tcp", "udp"})
    void aLivePeerAnswersAndAClosedOneRefusesWhereATransportCanTell(String impl) throws Exception {
        try (PoolFixture pool = new PoolFixture(impl)) {
            Node a = pool.start(TYPE);
            Node b = pool.start(TYPE);
            Node c = pool.start(TYPE);
            assertEquals(Reachability.ANSWERS, c.probe(b.identifier(), 5_000));
            assertEquals(Reachability.ANSWERS, a.probe(a.identifier(), 5_000), "a node answers itself");
            // a has no link to b: what it learns comes from b's address, not from a link it has not yet seen close
            b.close();
            assertEquals(impl.equals("udp") ? Reachability.SILENT : Reachability.REFUSES,
                    a.probe(b.identifier(), 1_000));
        }
    }

    @Test
    void anAddressThatTakesTheConnectionButNeverAnswersIsSilent() throws Exception {
        List<Socket> taken = new ArrayList<>();
        try (PoolFixture pool = new PoolFixture("tcp");
                ServerSocket mute = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            Node a = pool.start(TYPE);
            Thread acceptor = new Thread(() -> {
                try {
                    while (true) {
                        taken.add(mute.accept()); // kept open, never written to
                    }
                } catch (java.io.IOException closed) {
                    // the test is over
                }
            });
            acceptor.setDaemon(true);
            acceptor.start();
            byte[] address = ("127.0.0.1:" + mute.getLocalPort()).getBytes(StandardCharsets.UTF_8);
            NodeIdentifier frozen = new NodeIdentifier(a.identifier().pool(), "99", Location.of("mute", "c0"), "tcp",
                    address);
            assertEquals(Reachability.SILENT, a.probe(frozen, 300));
        } finally {
            for (Socket s : taken) {
                s.close();
            }
        }
    }
}
