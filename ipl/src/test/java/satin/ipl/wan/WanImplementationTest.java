package satin.ipl.wan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import satin.ipl.IplConfig;
import satin.ipl.IplException;
import satin.ipl.IplProperties;
import satin.ipl.Node;
import satin.ipl.PortCapability;
import satin.ipl.PortType;
import satin.ipl.ReadMessage;
import satin.ipl.ReceivePort;
import satin.ipl.ReceivePortIdentifier;
import satin.ipl.SendPort;
import satin.ipl.WriteMessage;
import satin.ipl.local.LocalNetwork;
import satin.ipl.start.Ipl;

/**
 * WAN emulation stacked on the local implementation. Delays are lower bounds (a packet can never arrive before
 * its emulated arrival time), so these assertions hold on any machine, however loaded.
 */
class WanImplementationTest {
    private static final PortType TYPE = PortType.of(PortCapability.ONE_TO_ONE, PortCapability.RELIABLE,
            PortCapability.FIFO, PortCapability.EXPLICIT_RECEIPT, PortCapability.SERIALIZATION_BYTES);

    private static Node node(LocalNetwork network, String location, String topology) throws Exception {
        IplConfig config = IplConfig.builder()
                .set(IplProperties.IMPLEMENTATION, "wan")
                .set(WanProvider.INNER, "local")
                .set(WanProvider.TOPOLOGY, topology)
                .set(IplProperties.LOCATION, location)
                .build();
        return Ipl.node(config).portTypes(TYPE).localNetwork(network).start();
    }

    /** Writes a one-line topology file and returns its path. */
    private static String file(Path dir, String line) throws Exception {
        return Files.writeString(dir.resolve("topology.wan"), line + "\n").toString();
    }

    /** Sends one message of {@code size} bytes and waits for its echo; returns the elapsed nanoseconds. */
    private static long echo(Node from, Node to, int size) throws Exception {
        ReceivePort back = from.createReceivePort(TYPE, "back");
        ReceivePort there = to.createReceivePort(TYPE, "there");
        SendPort out = from.createSendPort(TYPE, "out");
        SendPort reply = to.createSendPort(TYPE, "reply");
        out.connect(new ReceivePortIdentifier(to.identifier(), "there"), 30_000);
        reply.connect(new ReceivePortIdentifier(from.identifier(), "back"), 30_000);
        long start = System.nanoTime();
        WriteMessage w = out.newMessage();
        w.writeArray(new byte[size]);
        w.finish();
        ReadMessage r = there.receive(60_000);
        r.readArray(new byte[size]);
        r.finish();
        WriteMessage w2 = reply.newMessage();
        w2.writeArray(new byte[1]);
        w2.finish();
        ReadMessage r2 = back.receive(60_000);
        r2.readArray(new byte[1]);
        r2.finish();
        return System.nanoTime() - start;
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void wideAreaRoundTripTakesAtLeastTheEmulatedLatencyAndTransmissionTime(@TempDir Path dir) throws Exception {
        String topo = file(dir, "default latency=100ms bandwidth=100KB/s");
        LocalNetwork network = new LocalNetwork();
        try (Node a = node(network, "a@c1", topo); Node b = node(network, "b@c2", topo)) {
            assertEquals("wan", a.implementationName());
            long elapsed = echo(a, b, 20_000);
            // 2 x 100 ms latency + 20 KB at 100 KB/s = 200 ms on the wire
            assertTrue(elapsed >= 400_000_000L, "round trip " + elapsed / 1e6 + " ms is below the emulated 400 ms");
        }
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void presetsWorkThroughTheApi() throws Exception {
        LocalNetwork network = new LocalNetwork();
        try (Node a = node(network, "a@Lecce", "gridlab-day"); Node b = node(network, "b@Berlin", "gridlab-day")) {
            long elapsed = echo(a, b, 1000);
            // Lecce -> Berlin 178/2 ms, Berlin -> Lecce 185/2 ms, plus 1 KB at 7.5 KB/s (133 ms)
            assertTrue(elapsed >= (89 + 92 + 133) * 1_000_000L, "round trip " + elapsed / 1e6 + " ms");
        }
    }

    @Test
    void nodeOutsideTheTopologysClustersIsRefusedWithTheClusterNamed() {
        LocalNetwork network = new LocalNetwork();
        IplException e = assertThrows(IplException.class, () -> node(network, "a@Paris", "gridlab-night"));
        assertTrue(e.getMessage().contains("cluster 'Paris'") && e.getMessage().contains("Lecce"), e.getMessage());
    }

    @Test
    void badTopologySpecificationsAreClearErrors(@TempDir Path dir) throws Exception {
        LocalNetwork network = new LocalNetwork();
        IplException missing = assertThrows(IplException.class, () -> node(network, "a@c", "no-such-preset"));
        assertTrue(missing.getMessage().contains("neither a preset"), missing.getMessage());
        Path bad = dir.resolve("bad.wan");
        Files.writeString(bad, "default latency=fast\n");
        IplException malformed = assertThrows(IplException.class, () -> node(network, "a@c", bad.toString()));
        assertTrue(malformed.getMessage().contains("bad.wan:1: duration 'fast'"), malformed.getMessage());
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void jitterNeverReordersAReliableStream(@TempDir Path dir) throws Exception {
        String topo = file(dir, "default latency=1ms jitter=20ms bandwidth=10MB/s");
        LocalNetwork network = new LocalNetwork();
        try (Node a = node(network, "a@c1", topo); Node b = node(network, "b@c2", topo)) {
            ReceivePort in = b.createReceivePort(TYPE, "in");
            SendPort out = a.createSendPort(TYPE, "out");
            out.connect(new ReceivePortIdentifier(b.identifier(), "in"), 30_000);
            for (int i = 0; i < 500; i++) {
                WriteMessage w = out.newMessage();
                w.writeArray(new byte[] {(byte) i, (byte) (i >> 8)});
                w.finish();
            }
            for (int i = 0; i < 500; i++) {
                ReadMessage r = in.receive(30_000);
                byte[] got = new byte[2];
                r.readArray(got);
                r.finish();
                assertEquals(i, (got[0] & 0xff) | (got[1] & 0xff) << 8, "FIFO despite jitter");
            }
        }
    }
}
