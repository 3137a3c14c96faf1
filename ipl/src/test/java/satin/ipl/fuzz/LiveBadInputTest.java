package satin.ipl.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import satin.ipl.IplProperties;
import satin.ipl.Node;
import satin.ipl.PortCapability;
import satin.ipl.PortType;
import satin.ipl.ReceivePort;
import satin.ipl.SendPort;
import satin.ipl.WriteMessage;
import satin.ipl.conformance.PoolFixture;
import satin.ipl.registry.RegistryServer;
import satin.ipl.spi.Packet;
import satin.ipl.wire.Frames;
import satin.ipl.wire.WireCodec;

/**
 * Garbage over real sockets: a tcp node and the registry server must close each bad connection (the
 * attacker sees end-of-stream) and keep serving well-behaved peers.
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class LiveBadInputTest {
    static final PortType BYTES = PortType.of(PortCapability.ONE_TO_ONE, PortCapability.RELIABLE,
            PortCapability.FIFO, PortCapability.EXPLICIT_RECEIPT, PortCapability.SERIALIZATION_DATA);

    /** Sends the bytes and expects the other side to close the connection. */
    private static void expectClosed(InetSocketAddress target, byte[] bytes, boolean halfClose) throws IOException {
        try (Socket s = new Socket()) {
            s.connect(target, 5000);
            s.setSoTimeout(20_000);
            s.getOutputStream().write(bytes);
            s.getOutputStream().flush();
            if (halfClose) {
                s.shutdownOutput();
            }
            InputStream in = s.getInputStream();
            byte[] sink = new byte[4096];
            try {
                while (in.read(sink) >= 0) {
                    // drain whatever the peer says before it closes (e.g. a REJECT)
                }
            } catch (java.net.SocketException reset) {
                // a reset is a close too
            }
        }
    }

    /** The frame of {@code p} (released) with its length, magic and version changed as given. */
    private static byte[] frame(Packet p, int lengthDelta, int magic, int version) {
        byte[] out = Frames.of(p);
        ByteBuf b = Unpooled.wrappedBuffer(out);
        b.setInt(0, b.getInt(0) + lengthDelta);
        b.setInt(4, magic);
        b.setByte(8, version);
        return out;
    }

    private static Packet credit() {
        return Packet.control(Packet.CREDIT, 1, 0, 10);
    }

    private static void exchange(Node a, SendPort out, ReceivePort in, int value) throws IOException {
        WriteMessage w = out.newMessage();
        w.writeInt(value);
        w.finish();
        assertEquals(value, in.receive(20_000).readInt());
    }

    @Test
    void tcpNodeClosesBadConnectionsAndKeepsServing() throws Exception {
        // insecure: with a pool secret these bytes would end at the authentication (PoolSecurityTest)
        try (PoolFixture pool = PoolFixture.insecure("tcp", new RegistryServer("127.0.0.1", 0))) {
            Node a = pool.start(pool.config().set(IplProperties.ACCEPT_TIMEOUT_MS, 2000).build(), null, BYTES);
            Node b = pool.start(BYTES);
            ReceivePort in = a.createReceivePort(BYTES, "in");
            SendPort out = b.createSendPort(BYTES, "out");
            out.connect(in.identifier());
            exchange(b, out, in, 0);

            String[] hostPort = new String(a.identifier().address(), StandardCharsets.UTF_8).split(":");
            InetSocketAddress target = new InetSocketAddress(hostPort[0], Integer.parseInt(hostPort[1]));
            Packet hello = Frames.hello(b.identifier().pool(), b.identifier(), new byte[32], 0);
            List<byte[]> attacks = new ArrayList<>();
            attacks.add(frame(credit(), 0, 0x12345678, WireCodec.VERSION));
            attacks.add(frame(credit(), 0, WireCodec.MAGIC, 99));
            attacks.add(frame(credit(), 1 << 30, WireCodec.MAGIC, WireCodec.VERSION));
            attacks.add(frame(credit(), -10, WireCodec.MAGIC, WireCodec.VERSION));
            attacks.add(frame(hello, 0, WireCodec.MAGIC, WireCodec.VERSION));
            Random rnd = new Random(5);
            for (int i = 0; i < 20; i++) {
                byte[] junk = new byte[1 + rnd.nextInt(200)];
                rnd.nextBytes(junk);
                attacks.add(junk);
            }
            int value = 1;
            for (byte[] attack : attacks) {
                expectClosed(target, attack, false);
                exchange(b, out, in, value++);
            }
            // a truncated frame followed by end of stream, and a silent connection (accept timeout)
            byte[] truncated = frame(credit(), 0, WireCodec.MAGIC, WireCodec.VERSION);
            expectClosed(target, java.util.Arrays.copyOf(truncated, truncated.length - 3), true);
            expectClosed(target, new byte[0], false);
            exchange(b, out, in, value);
        }
    }

    @Test
    void registryServerClosesBadConnectionsAndKeepsServing() throws Exception {
        try (PoolFixture pool = PoolFixture.insecure("tcp", new RegistryServer("127.0.0.1", 0, 1000))) {
            Node a = pool.start();
            InetSocketAddress target = new InetSocketAddress("127.0.0.1", pool.server().port());
            expectClosed(target, new byte[] {0, 0, 0, 50, 1, 2}, false);
            Random rnd = new Random(6);
            for (int i = 0; i < 20; i++) {
                byte[] junk = new byte[8 + rnd.nextInt(200)];
                rnd.nextBytes(junk);
                ByteBuffer.wrap(junk).putInt(0, rnd.nextInt(junk.length - 3));
                expectClosed(target, junk, false);
            }
            ByteBuffer oversized = ByteBuffer.allocate(8).putInt(0, 1 << 30);
            expectClosed(target, oversized.array(), false);
            try (Socket s = new Socket("127.0.0.1", pool.server().port());
                    DataOutputStream d = new DataOutputStream(s.getOutputStream())) {
                d.writeInt(6);
                d.writeInt(satin.ipl.registry.RegistryProtocol.MAGIC);
                d.writeByte(satin.ipl.registry.RegistryProtocol.VERSION);
                d.writeByte(satin.ipl.registry.RegistryProtocol.HEARTBEAT);
                d.flush();
                s.setSoTimeout(20_000);
                assertEquals(-1, s.getInputStream().read(), "a message before JOIN closes the connection");
            }
            Node b = pool.start();
            assertEquals(2, b.registry().members().size());
            assertEquals(a.identifier(), a.registry().elect("x"));
            assertEquals(a.identifier(), b.registry().elect("x"));
        }
    }
}
