package satin.ipl.udp.protocol;

import io.netty.buffer.ByteBuf;
import java.util.ArrayList;
import java.util.List;

/**
 * The "network" of the protocol tests that drive a sender and a receiver by hand: the datagrams sent and not yet
 * taken, and a decoder whose packets stay valid until {@link #release()} (a decoded packet is a view of its datagram).
 */
final class DatagramWire {
    private final PacketDecoder decoder;
    private final List<ByteBuf> sent = new ArrayList<>();
    private final List<ByteBuf> decoded = new ArrayList<>();

    DatagramWire(int fragmentPayload) {
        this.decoder = new PacketDecoder(1 << 20, fragmentPayload);
    }

    /** Where a sender puts its datagrams. */
    void add(ByteBuf datagram) {
        sent.add(datagram);
    }

    Packet decode(ByteBuf datagram) throws MalformedPacketException {
        decoded.add(datagram);
        return decoder.decode(datagram);
    }

    /** Every data packet sent since the last call, in order. */
    List<Packet.Data> takeData() throws MalformedPacketException {
        List<Packet.Data> out = new ArrayList<>();
        for (ByteBuf b : sent) {
            out.add((Packet.Data) decode(b));
        }
        sent.clear();
        return out;
    }

    /** Whether nothing was sent since the last {@link #takeData()}. */
    boolean isEmpty() {
        return sent.isEmpty();
    }

    /** Releases every datagram decoded; after the test. */
    void release() {
        decoded.forEach(ByteBuf::release);
    }
}
