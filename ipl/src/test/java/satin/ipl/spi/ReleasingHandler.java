package satin.ipl.spi;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/** Plays the core for a transport under test: records what arrives and, taking it over, releases it. */
public final class ReleasingHandler implements PacketHandler {
    /** Types of the packets received, in order. */
    public final List<Byte> received = new CopyOnWriteArrayList<>();
    /** Links reported closed. */
    public final AtomicInteger closed = new AtomicInteger();

    @Override
    public void received(PeerLink link, Packet packet) {
        received.add(packet.type);
        packet.release();
    }

    @Override
    public void linkClosed(PeerLink link, Throwable cause) {
        closed.incrementAndGet();
    }
}
