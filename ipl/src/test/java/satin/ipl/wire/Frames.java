package satin.ipl.wire;

import io.netty.buffer.Unpooled;

import satin.ipl.NodeIdentifier;
import satin.ipl.spi.Packet;

/** Frames as bytes, for tests that play a peer on a real socket or feed a decoder. */
public final class Frames {
    private Frames() {
    }

    /** The whole frame of {@code p}: length prefix, header and payload. Releases the packet. */
    public static byte[] of(Packet p) {
        try {
            return WireCodec.toArray(p);
        } finally {
            p.release();
        }
    }

    /** A HELLO of {@code node} in {@code pool} with this registration hash; {@code aux} as the transport uses it. */
    public static Packet hello(String pool, NodeIdentifier node, byte[] hash, int aux) {
        return new Packet(Packet.HELLO, (byte) 0, 0, 0, aux, Hello.write(pool, node, hash));
    }

    /** A packet whose payload is a copy of {@code payload}. */
    public static Packet packet(byte type, byte flags, int channel, int port, int aux, byte[] payload) {
        return new Packet(type, flags, channel, port, aux, Unpooled.copiedBuffer(payload));
    }
}
