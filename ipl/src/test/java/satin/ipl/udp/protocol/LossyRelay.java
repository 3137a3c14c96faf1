package satin.ipl.udp.protocol;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A UDP relay between two endpoints that loses, duplicates and reorders datagrams in the network itself, so that
 * it also damages packets that never pass through a Netty pipeline (those a sending thread transmits directly).
 * The client sends to {@link #front()}; the relay forwards to the server from its back socket, so the server sees
 * {@link #back()} as its peer; replies go back to the last client address seen.
 */
final class LossyRelay implements AutoCloseable {
    private final DatagramChannel front;
    private final DatagramChannel back;
    private final InetSocketAddress server;
    private volatile SocketAddress client;
    private final AtomicLong dropped = new AtomicLong();
    private final Thread[] threads;

    LossyRelay(InetSocketAddress server, double loss, double duplicate, double reorder, long seed) throws IOException {
        this.server = server;
        this.front = DatagramChannel.open().bind(new InetSocketAddress("127.0.0.1", 0));
        this.back = DatagramChannel.open().bind(new InetSocketAddress("127.0.0.1", 0));
        this.threads = new Thread[] {
            relay(front, back, true, new SplittableRandom(seed), loss, duplicate, reorder),
            relay(back, front, false, new SplittableRandom(seed + 1), loss, duplicate, reorder)
        };
        for (Thread t : threads) {
            t.start();
        }
    }

    InetSocketAddress front() throws IOException {
        return (InetSocketAddress) front.getLocalAddress();
    }

    InetSocketAddress back() throws IOException {
        return (InetSocketAddress) back.getLocalAddress();
    }

    long dropped() {
        return dropped.get();
    }

    private Thread relay(DatagramChannel in, DatagramChannel out, boolean toServer, SplittableRandom random,
                         double loss, double duplicate, double reorder) {
        Thread t = new Thread(() -> {
            ByteBuffer buf = ByteBuffer.allocate(1 << 16);
            ByteBuffer held = null;
            try {
                while (true) {
                    buf.clear();
                    SocketAddress from = in.receive(buf);
                    buf.flip();
                    if (toServer) {
                        client = from;
                    }
                    SocketAddress to = toServer ? server : client;
                    if (random.nextDouble() < loss) {
                        dropped.incrementAndGet();
                        continue;
                    }
                    if (held == null && random.nextDouble() < reorder) {
                        // Sent after the next datagram that gets through, which thus overtakes it.
                        held = ByteBuffer.allocate(buf.remaining()).put(buf).flip();
                        continue;
                    }
                    out.send(buf.duplicate(), to);
                    if (random.nextDouble() < duplicate) {
                        out.send(buf.duplicate(), to);
                    }
                    if (held != null) {
                        out.send(held, to);
                        held = null;
                    }
                }
            } catch (IOException e) {
                // closed: the test is over
            }
        }, "lossy-relay-" + (toServer ? "up" : "down"));
        t.setDaemon(true);
        return t;
    }

    @Override
    public void close() throws IOException {
        front.close();
        back.close();
    }
}
