package satin.ipl.udp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import satin.ipl.Location;
import satin.ipl.NodeIdentifier;
import satin.ipl.PortCapability;
import satin.ipl.PortType;
import satin.ipl.ReadMessage;
import satin.ipl.ReceivePort;
import satin.ipl.SendPort;
import satin.ipl.WriteMessage;
import satin.ipl.conformance.PoolFixture;
import satin.ipl.spi.Packet;
import satin.ipl.wire.Frames;
import satin.ipl.wire.WireCodec;
import satin.ipl.udp.protocol.EndpointListener;
import satin.ipl.udp.protocol.UdpEndpoint;

/**
 * Garbage at a live udp node, both below the protocol (random datagrams) and inside it (valid protocol messages
 * carrying bad IPL frames, a HELLO from another pool, packets without a link): the node answers what deserves an
 * answer, drops the rest, and keeps serving its real peers.
 */
class UdpLiveBadInputTest {
    private static final PortType TYPE = PortType.of(PortCapability.ONE_TO_ONE, PortCapability.RELIABLE,
            PortCapability.FIFO, PortCapability.EXPLICIT_RECEIPT, PortCapability.SERIALIZATION_DATA);

    private static void exchange(SendPort out, ReceivePort in, int value) throws Exception {
        WriteMessage w = out.newMessage();
        w.writeInt(value);
        w.finish();
        ReadMessage r = in.receive(30_000);
        assertEquals(value, r.readInt());
        r.finish();
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void nodeSurvivesGarbageAndRefusesForeignHellos() throws Exception {
        // insecure: in a pool with a secret none of these datagrams gets past the guard (UdpSecurityTest)
        try (PoolFixture pool = PoolFixture.insecure("udp", new satin.ipl.registry.RegistryServer("127.0.0.1", 0))) {
            PoolFixture.Connection c = pool.connect(TYPE);
            SendPort out = c.out();
            ReceivePort in = c.in();
            exchange(out, in, 1);
            InetSocketAddress target = UdpAddress.decode(c.receiver().identifier().address());

            Random random = new Random(3);
            try (DatagramSocket raw = new DatagramSocket()) {
                for (int i = 0; i < 5_000; i++) {
                    byte[] junk = new byte[random.nextInt(1500)];
                    random.nextBytes(junk);
                    raw.send(new DatagramPacket(junk, junk.length, target));
                }
            }
            exchange(out, in, 2);

            LinkedBlockingQueue<byte[]> answers = new LinkedBlockingQueue<>();
            EndpointListener collect = new EndpointListener() {
                @Override
                public void onMessage(InetSocketAddress from, byte[] message) {
                    answers.add(message);
                }
            };
            try (UdpEndpoint attacker = UdpEndpoint.builder(collect).open()) {
                attacker.send(target, new byte[] {1, 2, 3}).get();
                byte[] badMagic = Frames.of(Packet.control(Packet.DATA, 1, 1, 0));
                badMagic[4] ^= 0x55;
                attacker.send(target, badMagic).get();
                attacker.send(target, Frames.of(Packet.control(Packet.CONNECT, 7, 0, 0))).get();
                NodeIdentifier stranger = new NodeIdentifier("other-pool", "99", Location.parse("x@y"), "udp",
                        "127.0.0.1:1".getBytes(StandardCharsets.UTF_8));
                attacker.send(target, Frames.of(Frames.hello("other-pool", stranger, new byte[32],
                        UdpTransport.HELLO_REQUEST))).get();
                byte[] answer = answers.poll(30, TimeUnit.SECONDS);
                ByteBuf reply = Unpooled.wrappedBuffer(answer);
                reply.skipBytes(4);
                Packet refusal = WireCodec.decode(reply);
                assertEquals(Packet.HELLO, refusal.type);
                assertEquals(UdpTransport.HELLO_REFUSED, refusal.aux);
                String reason = refusal.content().toString(StandardCharsets.UTF_8);
                refusal.release();
                assertTrue(reason.contains("other-pool"), reason);
            }
            exchange(out, in, 3);
        }
    }
}
