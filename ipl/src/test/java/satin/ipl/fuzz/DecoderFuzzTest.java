package satin.ipl.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.Random;
import java.util.concurrent.TimeUnit;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;

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
import satin.ipl.ReadMessage;
import satin.ipl.ReceivePort;
import satin.ipl.RegistryEvent;
import satin.ipl.SendPort;
import satin.ipl.WriteMessage;
import satin.ipl.local.LocalNetwork;
import satin.ipl.registry.JoinRequest;
import satin.ipl.registry.RegistryProtocol;
import satin.ipl.spi.Packet;
import satin.ipl.spi.PacketHandler;
import satin.ipl.spi.ProtocolException;
import satin.ipl.spi.RecordingLink;
import satin.ipl.core.NodeImpl;
import satin.ipl.spi.WireFields;
import satin.ipl.start.Ipl;
import satin.ipl.wire.Frames;
import satin.ipl.wire.Hello;
import satin.ipl.wire.WireCodec;

/**
 * Randomized inputs at scale for every decoder: random bytes and mutations of valid frames. A decoder
 * may only answer with its protocol error, never with any other exception, and the node that got the
 * garbage keeps working. Seeds are fixed so a failure reproduces.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class DecoderFuzzTest {
    private static final int ROUNDS = 25_000;
    private static final NodeIdentifier SOMEONE = new NodeIdentifier("p", "7", Location.parse("a@b@c"), "tcp",
            "127.0.0.1:9".getBytes());

    interface Decoder {
        void decode(ByteBuf in) throws ProtocolException;
    }

    private static void fuzz(long seed, byte[][] valid, Decoder decoder) {
        Random rnd = new Random(seed);
        for (int i = 0; i < ROUNDS; i++) {
            byte[] input;
            if (i % 2 == 0) {
                input = new byte[rnd.nextInt(80)];
                rnd.nextBytes(input);
            } else {
                byte[] base = valid[rnd.nextInt(valid.length)];
                input = mutate(rnd, base);
            }
            try {
                decoder.decode(Unpooled.wrappedBuffer(input));
            } catch (ProtocolException expected) {
                // the only allowed failure
            } catch (RuntimeException e) {
                fail("decoder threw " + e + " on input #" + i + " (seed " + seed + ")", e);
            }
        }
    }

    private static byte[] mutate(Random rnd, byte[] base) {
        byte[] out = base.clone();
        switch (rnd.nextInt(3)) {
            case 0 -> out[rnd.nextInt(out.length)] = (byte) rnd.nextInt();
            case 1 -> out = java.util.Arrays.copyOf(out, rnd.nextInt(out.length + 1));
            default -> {
                for (int k = 0; k < 4; k++) {
                    out[rnd.nextInt(out.length)] ^= (byte) (1 << rnd.nextInt(8));
                }
            }
        }
        return out;
    }

    /** The readable bytes of {@code b}, which is released. */
    private static byte[] bytes(ByteBuf b) {
        try {
            byte[] out = new byte[b.readableBytes()];
            b.readBytes(out);
            return out;
        } finally {
            b.release();
        }
    }

    /** A frame without its length prefix, as the frame decoder hands it over. */
    private static byte[] frame(Packet p) {
        byte[] whole = Frames.of(p);
        return java.util.Arrays.copyOfRange(whole, 4, whole.length);
    }

    @Test
    void packetFramesAndHello() {
        byte[][] valid = {frame(Frames.hello("p", SOMEONE, new byte[32], 0)),
                frame(Packet.control(Packet.CREDIT, 3, 0, 100)),
                frame(Frames.packet(Packet.DATA, Packet.FLAG_FIRST, 1, 2, 3, new byte[] {1, 2, 3}))};
        fuzz(1, valid, in -> {
            Packet p = WireCodec.decode(in);
            try {
                if (p.type == Packet.HELLO) {
                    Hello.read(p.content());
                }
            } finally {
                p.release();
            }
        });
    }

    @Test
    void registryFrames() {
        ByteBufAllocator a = ByteBufAllocator.DEFAULT;
        JoinRequest join = new JoinRequest("p", Location.parse("a@b"), "tcp", new byte[4], new byte[32], 0);
        ByteBuf[] frames = {RegistryProtocol.join(a, join, 1000),
                RegistryProtocol.event(a, new RegistryEvent(RegistryEvent.Type.ELECTED, SOMEONE, "master")),
                RegistryProtocol.signal(a, "sig", java.util.List.of(SOMEONE)),
                RegistryProtocol.text(a, RegistryProtocol.ELECT, "e")};
        byte[][] valid = new byte[frames.length][];
        for (int i = 0; i < frames.length; i++) {
            frames[i].skipBytes(4);
            valid[i] = bytes(frames[i]);
        }
        fuzz(2, valid, in -> {
            RegistryProtocol.Frame f = RegistryProtocol.decode(in);
            switch (f.type()) {
                case RegistryProtocol.JOIN -> RegistryProtocol.readJoin(f.body());
                case RegistryProtocol.EVENT -> RegistryProtocol.readEvent(f.body());
                case RegistryProtocol.SIGNAL -> RegistryProtocol.readSignal(f.body());
                case RegistryProtocol.JOIN_OK -> WireFields.readIdentifier(f.body());
                default -> WireFields.readString(f.body());
            }
        });
    }

    @Test
    void channelProtocolAndObjectDecoding() throws Exception {
        PortType objects = PortType.of(PortCapability.ONE_TO_ONE, PortCapability.RELIABLE, PortCapability.FIFO,
                PortCapability.EXPLICIT_RECEIPT, PortCapability.SERIALIZATION_OBJECT);
        LocalNetwork network = new LocalNetwork();
        IplConfig config = IplConfig.builder().set(IplProperties.IMPLEMENTATION, "local").build();
        try (Node a = Ipl.node(config).localNetwork(network).portTypes(objects).start();
                Node b = Ipl.node(config).localNetwork(network).portTypes(objects).start()) {
            ReceivePort in = b.createReceivePort(objects, "in");
            PacketHandler handler = ((NodeImpl) b).packetHandler();
            Random rnd = new Random(3);
            for (int i = 0; i < ROUNDS; i++) {
                byte[] payload = new byte[rnd.nextInt(40)];
                rnd.nextBytes(payload);
                Packet p = new Packet((byte) (2 + rnd.nextInt(6)), (byte) rnd.nextInt(8), rnd.nextInt(4),
                        rnd.nextInt(4), rnd.nextInt(64) - 8, Unpooled.wrappedBuffer(payload));
                try {
                    handler.received(new RecordingLink(new NodeIdentifier(b.identifier().pool(), "ghost" + (i % 50),
                            Location.parse("g@h"), "local", new byte[0])), p);
                } catch (ProtocolException expected) {
                    // the only allowed failure
                } catch (RuntimeException e) {
                    fail("packet handler threw " + e + " on " + p, e);
                }
            }
            SendPort out = a.createSendPort(objects, "out");
            out.connect(in.identifier());
            for (int i = 0; i < 500; i++) {
                byte[] garbage = new byte[1 + rnd.nextInt(60)];
                rnd.nextBytes(garbage);
                WriteMessage w = out.newMessage();
                w.writeArray(garbage);
                w.finish();
                ReadMessage r = in.receive(10_000);
                try {
                    r.readObject();
                } catch (IplException expected) {
                    // unregistered ids, truncation, bad data: all reported as IPL errors
                } catch (RuntimeException | Error e) {
                    fail("readObject threw " + e + " on " + java.util.Arrays.toString(garbage), e);
                }
                r.finish();
            }
            WriteMessage w = out.newMessage();
            w.writeObject("still fine");
            w.finish();
            assertEquals("still fine", in.receive(10_000).readObject());
        }
    }
}
