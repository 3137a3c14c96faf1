package satin.ipl.udp.protocol;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.DatagramPacket;
import io.netty.channel.socket.nio.NioDatagramChannel;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.netty.util.concurrent.ScheduledFuture;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One UDP socket speaking the reliable protocol (see the package overview) to any number of peers, plus plain
 * datagrams. Receiving, acknowledging and retransmitting happen on the channel's single event-loop thread;
 * {@link #send} may be called from any thread, blocks while too many bytes are unacknowledged (except on the event
 * loop itself, which must never block), and transmits what the window allows right away from the calling thread,
 * so that a message does not wait for the event loop to wake up. The sending half of a session is therefore
 * shared under its monitor; everything else belongs to the event loop.
 */
public final class UdpEndpoint implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(UdpEndpoint.class);

    private final ProtocolConfig config;
    private final EndpointListener listener;
    private final LongSupplier clock;
    private final EventLoopGroup ownedGroup;
    private final Channel channel;
    private final DirectDatagramChannel direct;
    /** Sending threads transmit new messages themselves (false when outbound filters must see every packet). */
    private final boolean directSend;
    private final EventLoop loop;
    private final PacketEncoder encoder;
    private final PacketDecoder decoder;
    private final DropLog drops = new DropLog();
    private final Map<InetSocketAddress, PeerSession> sessions = new ConcurrentHashMap<>();
    private final List<PeerSession> acksToFlush = new ArrayList<>();
    private final Semaphore pendingBytes;
    private final int headLength;
    private final ReceiveBuffers receiveBuffers;
    private final ScheduledFuture<?> timer;
    /** Seals and opens every datagram (pool security), or null: datagrams go out as encoded. */
    private final DatagramGuard guard;
    private volatile boolean closed;

    UdpEndpoint(UdpEndpointBuilder b) throws IOException {
        this.config = b.config;
        this.listener = b.listener;
        this.headLength = b.headLength;
        this.guard = b.guard;
        long base = System.nanoTime();
        // Relative and never zero: zero marks "no timestamp" in acknowledgements.
        this.clock = () -> System.nanoTime() - base + 1;
        this.pendingBytes = new Semaphore((int) Math.min(Integer.MAX_VALUE, config.maxPendingBytes()));
        long incarnation;
        do {
            incarnation = new SecureRandom().nextLong();
        } while (incarnation == 0);
        this.ownedGroup = b.group == null ? new NioEventLoopGroup(1, new DefaultThreadFactory("satin-udp", true)) : null;
        EventLoopGroup group = b.group != null ? b.group : ownedGroup;
        this.encoder = new PacketEncoder(io.netty.buffer.PooledByteBufAllocator.DEFAULT, incarnation);
        this.decoder = new PacketDecoder(config.maxMessageSize(), config.largestFragmentPayload());
        int receiveBuffer = Math.max(config.maxDatagramSize() + Wire.COMMON_HEADER,
                config.largestFragmentPayload() + Wire.DATA_HEADER + Wire.FIRST_EXTRA) + 1
                + (b.guard == null ? 0 : b.guard.overhead());
        this.receiveBuffers = new ReceiveBuffers(receiveBuffer);
        this.directSend = b.outboundFilters.isEmpty();
        DirectDatagramChannel socket;
        try {
            socket = new DirectDatagramChannel();
        } catch (IOException e) {
            if (ownedGroup != null) {
                ownedGroup.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS);
            }
            throw e;
        }
        this.direct = socket;
        io.netty.channel.ChannelFactory<NioDatagramChannel> channels = socket::channel;
        Bootstrap bootstrap = new Bootstrap().group(group).channelFactory(channels)
                .option(ChannelOption.SO_RCVBUF, config.socketBufferBytes())
                .option(ChannelOption.SO_SNDBUF, config.socketBufferBytes())
                .option(ChannelOption.RCVBUF_ALLOCATOR, receiveBuffers)
                .handler(new io.netty.channel.ChannelInitializer<NioDatagramChannel>() {
                    @Override
                    protected void initChannel(NioDatagramChannel ch) {
                        for (Supplier<ChannelHandler> h : b.outboundFilters) {
                            ch.pipeline().addLast(h.get());
                        }
                        ch.pipeline().addLast(new Inbound());
                    }
                });
        try {
            this.channel = bootstrap.bind(b.bindAddress).sync().channel();
        } catch (Exception e) {
            if (ownedGroup != null) {
                ownedGroup.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS);
            }
            throw new IOException("cannot bind UDP socket to " + b.bindAddress + ": " + e.getMessage(), e);
        }
        this.loop = channel.eventLoop();
        if (guard != null) {
            guard.attach(new GuardPort());
        }
        long tick = config.tick().toNanos();
        this.timer = loop.scheduleAtFixedRate(this::onTick, tick, tick, TimeUnit.NANOSECONDS);
    }

    public static UdpEndpointBuilder builder(EndpointListener listener) {
        return new UdpEndpointBuilder(listener);
    }

    public InetSocketAddress localAddress() {
        return (InetSocketAddress) channel.localAddress();
    }

    public ProtocolConfig config() {
        return config;
    }

    public DropLog drops() {
        return drops;
    }

    /**
     * Sends a reliable message; the array must not be modified afterwards. Blocks while more than
     * {@code maxPendingBytes} are unacknowledged. The future completes when the peer acknowledged the message.
     */
    public CompletableFuture<Void> send(InetSocketAddress peer, byte[] message) throws InterruptedException {
        return send(peer, new OutMessage(message));
    }

    /**
     * Sends a reliable message, taking it over: its buffers are released when the returned future completes, also
     * when this method throws. Otherwise like {@link #send(InetSocketAddress, byte[])}.
     */
    public CompletableFuture<Void> send(InetSocketAddress peer, OutMessage m) throws InterruptedException {
        try {
            if (m.length() > config.maxMessageSize()) {
                throw new IllegalArgumentException("message of " + m.length() + " bytes exceeds maxMessageSize "
                        + config.maxMessageSize());
            }
            ensureOpen();
            int permits = (int) Math.min(m.length(), config.maxPendingBytes());
            if (loop.inEventLoop()) {
                permits = pendingBytes.tryAcquire(permits) ? permits : 0;
            } else {
                pendingBytes.acquire(permits);
            }
            int held = permits;
            m.acknowledged().whenComplete((ok, failure) -> pendingBytes.release(held));
            if (directSend && !loop.inEventLoop()) {
                // The calling thread transmits what the window allows itself; the event loop takes over for
                // acknowledgements, retransmissions and what the window held back. On the event loop itself the
                // message waits for the current event to finish, which may be in the middle of this very session's
                // bookkeeping.
                offer(session(peer), m, true);
            } else {
                loop.execute(() -> {
                    offer(session(peer), m, false);
                    channel.flush();
                });
            }
        } catch (InterruptedException | RuntimeException e) {
            m.acknowledged().completeExceptionally(e);
            throw e;
        }
        return m.acknowledged();
    }

    /** Queues a message and sends what the window allows, from the calling thread if {@code now}. */
    private void offer(PeerSession s, OutMessage m, boolean now) {
        synchronized (s.send) {
            // Checked under the session's monitor: close() marks the endpoint closed before it fails the sessions
            // under the same monitor, so a message is either failed here or queued before that.
            if (closed) {
                m.acknowledged().completeExceptionally(new IOException("endpoint closed"));
                return;
            }
            s.send.enqueue(m);
            s.send.pump(clock.getAsLong(), now ? s.direct : s.sink);
        }
    }

    /** What the guard may do: send its own datagrams, fail a session it refused, count drops. */
    private final class GuardPort implements DatagramGuard.Port {
        @Override
        public void transmit(ByteBuf datagram, InetSocketAddress to) {
            channel.writeAndFlush(new DatagramPacket(datagram, to));
        }

        @Override
        public void refused(InetSocketAddress peer, String reason) {
            PeerLostException lost = new PeerLostException(peer, reason);
            loop.execute(() -> {
                PeerSession s = sessions.get(peer);
                if (s != null) {
                    s.send.fail(lost);
                }
                deliver(() -> listener.onPeerLost(peer, lost));
            });
        }

        @Override
        public DropLog drops() {
            return drops;
        }
    }

    /** The datagram to send for {@code packet} (taken over): sealed by the guard, if any; null if it held it. */
    private ByteBuf guarded(ByteBuf packet, InetSocketAddress to) {
        return guard == null ? packet : guard.seal(packet, to);
    }

    /** Writes a packet through the channel (sealed first when guarded). */
    private void write(ByteBuf packet, InetSocketAddress to) {
        ByteBuf d = guarded(packet, to);
        if (d != null) {
            channel.write(new DatagramPacket(d, to));
        }
    }

    /** Sends a packet from the calling thread, or hands it to the event loop if the socket cannot take it now. */
    private void sendNow(ByteBuf raw, InetSocketAddress to) {
        ByteBuf packet = guarded(raw, to);
        if (packet == null) {
            return;
        }
        if (direct.trySend(packet, to)) {
            packet.release();
        } else {
            channel.writeAndFlush(new DatagramPacket(packet, to));
        }
    }

    /** Sends one unreliable datagram of at most {@code maxDatagramSize} bytes. */
    public void sendDatagram(InetSocketAddress peer, byte[] payload) {
        if (payload.length > config.maxDatagramSize()) {
            throw new IllegalArgumentException("datagram of " + payload.length + " bytes exceeds maxDatagramSize "
                    + config.maxDatagramSize());
        }
        ensureOpen();
        ByteBuf d = guarded(encoder.datagram(payload, 0, payload.length), peer);
        if (d != null) {
            channel.writeAndFlush(new DatagramPacket(d, peer));
        }
    }

    /** Total retransmitted packets so far, over all peers (for tests and benchmarks). */
    public long retransmissions() {
        return onLoop(() -> sessions.values().stream().mapToLong(s -> s.send.retransmissions()).sum());
    }

    /** Smoothed round-trip time to {@code peer} in nanoseconds, or -1 if unknown. */
    public long smoothedRtt(InetSocketAddress peer) {
        return onLoop(() -> {
            PeerSession s = sessions.get(peer);
            return s == null ? -1L : s.send.srtt();
        });
    }

    private <T> T onLoop(java.util.concurrent.Callable<T> query) {
        try {
            return loop.submit(query).get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException(e.getCause());
        }
    }

    private void ensureOpen() {
        if (closed) {
            throw new IllegalStateException("endpoint " + channel.localAddress() + " is closed");
        }
    }

    private PeerSession session(InetSocketAddress peer) {
        return sessions.computeIfAbsent(peer, p -> new PeerSession(p, config, encoder,
                packet -> write(packet, p), packet -> sendNow(packet, p), headLength));
    }

    private void onTick() {
        long now = clock.getAsLong();
        for (PeerSession s : sessions.values()) {
            if (!s.send.onTick(now, s.sink)) {
                PeerLostException lost = new PeerLostException(s.peer, "no acknowledgement for "
                        + config.peerTimeout().toMillis() + " ms");
                s.send.fail(lost);
                deliver(() -> listener.onPeerLost(s.peer, lost));
            }
            if (s.receive.ackDue() && s.peerIncarnation != 0) {
                s.sink.send(s.receive.ack(encoder, s.peerIncarnation));
            }
        }
        channel.flush();
    }

    private void handle(DatagramPacket dp) {
        if (guard == null) {
            handle(dp.content(), dp.sender());
            return;
        }
        ByteBuf opened = guard.open(dp.content(), dp.sender());
        if (opened != null) {
            try {
                handle(opened, dp.sender());
            } finally {
                opened.release(); // what the protocol keeps, it copies
            }
        }
    }

    private void handle(ByteBuf content, InetSocketAddress from) {
        Packet packet;
        try {
            packet = decoder.decode(content);
        } catch (MalformedPacketException e) {
            drops.drop(e.reason(), from, e.getMessage());
            return;
        }
        if (packet instanceof Packet.Datagram d) {
            byte[] bytes = new byte[d.payload().readableBytes()];
            d.payload().getBytes(d.payload().readerIndex(), bytes);
            deliver(() -> listener.onDatagram(from, bytes));
            return;
        }
        if (packet instanceof Packet.Ack a && (a.ackedIncarnation() != encoder.incarnation()
                || !sessions.containsKey(from))) {
            drops.drop(DropReason.STALE, from, "acknowledgement for another incarnation or unknown stream");
            return;
        }
        if (packet instanceof Packet.Data && sessions.size() >= config.maxPeers() && !sessions.containsKey(from)) {
            drops.drop(DropReason.TOO_MANY_PEERS, from, sessions.size() + " sessions");
            return;
        }
        PeerSession s = session(from);
        PeerLostException restarted = s.observeIncarnation(packet.incarnation());
        if (restarted != null) {
            deliver(() -> listener.onPeerLost(from, restarted));
        }
        long now = clock.getAsLong();
        if (packet instanceof Packet.Ack a) {
            if (!s.send.onAck(a, now, s.sink)) {
                drops.drop(DropReason.BAD_FIELD, from, "acknowledges packets never sent");
            }
        } else if (packet instanceof Packet.Data d) {
            try {
                DropReason r = s.receive.onData(d, headLength == 0
                        ? (head, body) -> deliver(() -> listener.onMessage(from, body))
                        : (head, body) -> deliver(() -> listener.onMessage(from, head, body)));
                if (r != null) {
                    drops.drop(r, from, "seq " + d.seq());
                }
            } catch (ReceiveState.StreamViolation v) {
                drops.drop(DropReason.STREAM_VIOLATION, from, v.getMessage());
                PeerLostException lost = new PeerLostException(from, "protocol violation: " + v.getMessage());
                deliver(() -> listener.onPeerLost(from, lost));
            }
            if (s.receive.ackUrgent() && !s.ackScheduled) {
                s.ackScheduled = true;
                acksToFlush.add(s);
            }
        }
    }

    private void deliver(Runnable upcall) {
        try {
            upcall.run();
        } catch (RuntimeException e) {
            LOG.error("endpoint listener failed", e);
        }
    }

    private void flushAcks() {
        for (PeerSession s : acksToFlush) {
            s.ackScheduled = false;
            if (s.receive.ackDue()) {
                s.sink.send(s.receive.ack(encoder, s.peerIncarnation));
            }
        }
        acksToFlush.clear();
        channel.flush();
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        timer.cancel(false);
        try {
            loop.submit(() -> {
                for (PeerSession s : sessions.values()) {
                    s.send.fail(new PeerLostException(s.peer, "endpoint closed"));
                    s.receive.reset();
                }
                sessions.clear();
            }).await(5, TimeUnit.SECONDS);
            channel.close().await(5, TimeUnit.SECONDS);
            receiveBuffers.release();
            if (guard != null) {
                guard.close();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            if (ownedGroup != null) {
                ownedGroup.shutdownGracefully(0, 1, TimeUnit.SECONDS);
            }
        }
    }

    private final class Inbound extends SimpleChannelInboundHandler<DatagramPacket> {
        @Override
        protected void channelRead0(ChannelHandlerContext ctx, DatagramPacket msg) {
            handle(msg);
        }

        @Override
        public void channelReadComplete(ChannelHandlerContext ctx) {
            flushAcks();
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            LOG.warn("UDP socket error on {}: {}", channel.localAddress(), cause.toString());
        }
    }
}
