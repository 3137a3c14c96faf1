package satin.ipl.udp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import satin.ipl.IplConfig;
import satin.ipl.IplProperties;
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

/** The udp implementation through the public API (in-process registry, real UDP sockets). */
class UdpImplementationTest {
    private static final PortType RELIABLE = PortType.of(PortCapability.ONE_TO_ONE, PortCapability.RELIABLE,
            PortCapability.FIFO, PortCapability.EXPLICIT_RECEIPT, PortCapability.SERIALIZATION_DATA);
    private static final PortType UNRELIABLE = PortType.of(PortCapability.ONE_TO_ONE, PortCapability.UNRELIABLE,
            PortCapability.EXPLICIT_RECEIPT, PortCapability.SERIALIZATION_BYTES);

    private static Node node(LocalNetwork network, String location, String... extra) throws Exception {
        IplConfig config = IplConfig.builder()
                .set(IplProperties.IMPLEMENTATION, "udp")
                .set(IplProperties.LOCATION, location)
                .set(IplProperties.BIND_ADDRESS, "127.0.0.1")
                .parseArgs(extra)
                .build();
        return Ipl.node(config).portTypes(RELIABLE, UNRELIABLE).localNetwork(network).start();
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void fifoExactlyOnceThroughTheApiUnderLossDuplicationAndReordering() throws Exception {
        LocalNetwork network = new LocalNetwork();
        String[] faults = {"ipl.udp.fault.loss=0.2", "ipl.udp.fault.duplicate=0.05", "ipl.udp.fault.reorder=0.1"};
        try (Node a = node(network, "a@c1", faults); Node b = node(network, "b@c2", faults)) {
            assertEquals("udp", a.implementationName());
            ReceivePort in = b.createReceivePort(RELIABLE, "in");
            SendPort out = a.createSendPort(RELIABLE, "out");
            out.connect(new ReceivePortIdentifier(b.identifier(), "in"), 30_000);
            int count = 2000;
            Thread sender = new Thread(() -> {
                try {
                    for (int i = 0; i < count; i++) {
                        WriteMessage w = out.newMessage();
                        w.writeInt(i);
                        w.writeArray(new byte[i % 7 == 0 ? 5000 : 10]);
                        w.finish();
                    }
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            sender.start();
            for (int i = 0; i < count; i++) {
                ReadMessage r = in.receive(60_000);
                assertEquals(i, r.readInt(), "FIFO order");
                byte[] body = new byte[i % 7 == 0 ? 5000 : 10];
                r.readArray(body);
                r.finish();
            }
            sender.join();
            assertNull(in.poll(), "nothing duplicated");
        }
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void largeMessageAndUnreliablePort() throws Exception {
        LocalNetwork network = new LocalNetwork();
        try (Node a = node(network, "a@c1"); Node b = node(network, "b@c1")) {
            ReceivePort in = b.createReceivePort(RELIABLE, "big");
            SendPort out = a.createSendPort(RELIABLE, "big-out");
            out.connect(new ReceivePortIdentifier(b.identifier(), "big"), 30_000);
            byte[] big = new byte[8 << 20];
            new java.util.Random(4).nextBytes(big);
            WriteMessage w = out.newMessage();
            w.writeArray(big);
            w.finish();
            ReadMessage r = in.receive(60_000);
            byte[] got = new byte[big.length];
            r.readArray(got);
            r.finish();
            assertArrayEquals(big, got);

            ReceivePort uin = b.createReceivePort(UNRELIABLE, "datagrams");
            SendPort uout = a.createSendPort(UNRELIABLE, "datagrams-out");
            uout.connect(new ReceivePortIdentifier(b.identifier(), "datagrams"), 30_000);
            List<Integer> seen = new ArrayList<>();
            for (int i = 0; i < 20 && seen.isEmpty(); i++) {
                WriteMessage u = uout.newMessage();
                u.writeArray(new byte[] {(byte) i});
                u.finish();
                try {
                    ReadMessage m = uin.receive(1000);
                    byte[] one = new byte[1];
                    m.readArray(one);
                    m.finish();
                    seen.add((int) one[0]);
                } catch (ReceiveTimeoutException lost) {
                    // unreliable: try again
                }
            }
            assertEquals(1, seen.size(), "an unreliable message arrives within 20 tries on loopback");
        }
    }

    @Test
    void badFaultSettingIsAClearError() {
        LocalNetwork network = new LocalNetwork();
        Exception e = assertThrows(IllegalArgumentException.class,
                () -> node(network, "a@c1", "ipl.udp.fault.loss=1.5"));
        assertEquals("loss must be a probability in [0, 1], got 1.5", e.getMessage());
    }
}
