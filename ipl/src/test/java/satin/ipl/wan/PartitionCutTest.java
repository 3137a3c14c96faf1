package satin.ipl.wan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import satin.ipl.IplConfig;
import satin.ipl.IplProperties;
import satin.ipl.NetworkCut;
import satin.ipl.Node;
import satin.ipl.PortCapability;
import satin.ipl.PortType;
import satin.ipl.ReadMessage;
import satin.ipl.ReceivePort;
import satin.ipl.ReceivePortIdentifier;
import satin.ipl.ReceiveTimeoutException;
import satin.ipl.SendPort;
import satin.ipl.WriteMessage;
import satin.ipl.local.LocalNetwork;
import satin.ipl.start.Ipl;

/**
 * A {@link NetworkCut} on the WAN layer: while it is on, the cut node's wide-area traffic waits in both directions
 * and its traffic inside its cluster flows; when it heals, what waited arrives, in the order it was sent.
 */
class PartitionCutTest {
    private static final PortType TYPE = PortType.of(PortCapability.ONE_TO_ONE, PortCapability.RELIABLE,
            PortCapability.FIFO, PortCapability.EXPLICIT_RECEIPT, PortCapability.SERIALIZATION_BYTES);
    private static final String TOPOLOGY = "table2.1-20ms-1000KBs";

    private static Node node(LocalNetwork network, String location, NetworkCut cut) throws Exception {
        IplConfig config = IplConfig.builder()
                .set(IplProperties.IMPLEMENTATION, "wan")
                .set(WanProvider.INNER, "local")
                .set(WanProvider.TOPOLOGY, TOPOLOGY)
                .set(IplProperties.LOCATION, location)
                .build();
        return Ipl.node(config).portTypes(TYPE).localNetwork(network).networkCut(cut).start();
    }

    private static SendPort link(Node from, Node to, String port) throws Exception {
        SendPort out = from.createSendPort(TYPE, port + "-out");
        out.connect(new ReceivePortIdentifier(to.identifier(), port), 30_000);
        return out;
    }

    private static void send(SendPort out, byte value) throws Exception {
        WriteMessage w = out.newMessage();
        w.writeArray(new byte[] {value});
        w.finish();
    }

    private static byte receive(ReceivePort in, long timeoutMillis) throws Exception {
        ReadMessage r = in.receive(timeoutMillis);
        byte[] b = new byte[1];
        r.readArray(b);
        r.finish();
        return b[0];
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aCutHoldsWideAreaTrafficBothWaysLetsTheClusterTalkAndReleasesInOrderWhenItHeals() throws Exception {
        LocalNetwork network = new LocalNetwork();
        NetworkCut cut = new NetworkCut();
        try (Node a = node(network, "a@c1", cut); Node b = node(network, "b@c2", null);
                Node mate = node(network, "m@c1", null)) {
            ReceivePort atB = b.createReceivePort(TYPE, "b");
            ReceivePort atA = a.createReceivePort(TYPE, "a");
            ReceivePort atMate = mate.createReceivePort(TYPE, "m");
            SendPort aToB = link(a, b, "b");
            SendPort bToA = link(b, a, "a");
            SendPort aToMate = link(a, mate, "m");
            send(aToB, (byte) 0);
            assertEquals(0, receive(atB, 30_000), "before the cut");

            cut.cut();
            send(aToB, (byte) 1);
            send(aToB, (byte) 2);
            send(bToA, (byte) 3);
            send(aToMate, (byte) 4);
            assertEquals(4, receive(atMate, 30_000), "inside the cluster nothing is cut");
            // absence: a message across the cut would be there long before this bound (20 ms one way)
            assertThrows(ReceiveTimeoutException.class, () -> receive(atB, 500));
            assertThrows(ReceiveTimeoutException.class, () -> receive(atA, 100));

            cut.heal();
            assertEquals(1, receive(atB, 30_000));
            assertEquals(2, receive(atB, 30_000));
            assertEquals(3, receive(atA, 30_000));
            send(aToB, (byte) 5);
            assertEquals(5, receive(atB, 30_000), "after the heal");
        }
    }
}
