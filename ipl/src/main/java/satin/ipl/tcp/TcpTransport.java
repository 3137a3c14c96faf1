package satin.ipl.tcp;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import io.netty.bootstrap.Bootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;


import satin.ipl.ConnectionRefusedException;
import satin.ipl.IplException;
import satin.ipl.IplProperties;
import satin.ipl.NodeIdentifier;
import io.netty.handler.ssl.OptionalSslHandler;
import satin.ipl.security.PeerAuthenticator;
import satin.ipl.security.PoolSecurity;
import satin.ipl.security.TlsIdentity;
import satin.ipl.spi.AdvertisedAddress;
import satin.ipl.spi.DaemonThreadFactory;
import satin.ipl.spi.ListenPorts;
import satin.ipl.spi.PeerLink;
import satin.ipl.spi.Transport;
import satin.ipl.spi.TransportContext;
import satin.ipl.wire.WireCodec;

/** See the package overview. */
final class TcpTransport implements Transport {

    final TransportContext context;
    final int maxFrame;
    final long acceptTimeout;
    private final long connectTimeout;
    /**
     * The pool's TLS identity, made in the constructor (on the caller's thread) when the pool has a secret: an
     * acceptor always offers TLS, and making the key pair and certificate on first use would block an accept
     * or I/O event loop for seconds on a loaded machine.
     */
    private final TlsIdentity tls;
    private final EventLoopGroup boss;
    private final EventLoopGroup workers;
    private final Channel server;
    private final byte[] address;
    private final Map<NodeIdentifier, CompletableFuture<TcpLink>> links = new ConcurrentHashMap<>();
    private final FrameEncoder encoder = new FrameEncoder();
    private volatile NodeIdentifier self;
    private volatile boolean closed;

    TcpTransport(TransportContext context) throws IplException {
        this.context = context;
        this.maxFrame = context.config().getInt(IplProperties.MAX_FRAME_SIZE);
        this.acceptTimeout = context.config().getLong(IplProperties.ACCEPT_TIMEOUT_MS);
        this.connectTimeout = context.config().getLong(IplProperties.CONNECT_TIMEOUT_MS);
        this.tls = context.security().mayEncrypt() ? context.security().tls() : null;
        this.boss = new NioEventLoopGroup(1, new DaemonThreadFactory("ipl-tcp-accept"));
        this.workers = new NioEventLoopGroup(2, new DaemonThreadFactory("ipl-tcp-io"));
        try {
            String bind = context.config().get(IplProperties.BIND_ADDRESS).trim();
            this.server = bind(bind, ListenPorts.of(context.config()));
            InetSocketAddress bound = (InetSocketAddress) server.localAddress();
            String host = AdvertisedAddress.host(context.config(), bound.getAddress());
            this.address = (host + ":" + bound.getPort()).getBytes(StandardCharsets.UTF_8);
        } catch (IplException | RuntimeException e) {
            boss.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS);
            workers.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS);
            throw e;
        }
    }

    private Channel bind(String host, ListenPorts range) throws IplException {
        ServerBootstrap b = new ServerBootstrap().group(boss, workers).channel(NioServerSocketChannel.class)
                .childOption(ChannelOption.TCP_NODELAY, true)
                .childOption(ChannelOption.SO_KEEPALIVE, true)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        pipeline(ch, null, null);
                    }
                });
        IplException last = null;
        for (int port = range.low(); port <= range.high(); port++) {
            ChannelFuture f = b.bind(new InetSocketAddress(host, port)).awaitUninterruptibly();
            if (f.isSuccess()) {
                return f.channel();
            }
            last = new IplException("cannot listen on " + host + ":" + port + ": " + f.cause().getMessage());
        }
        throw new IplException("no free port in ipl.port.range " + range.low() + "-" + range.high()
                + " (last error: " + last.getMessage() + ")");
    }

    /**
     * A connection's pipeline: frames in, frames out, and the HELLO exchange, which puts the link's inbound
     * handler in its own place once the peer is known. {@code expected} and {@code outgoing} are null for an
     * accepted connection.
     */
    void pipeline(Channel ch, NodeIdentifier expected, CompletableFuture<TcpLink> outgoing) {
        PoolSecurity security = context.security();
        if (security.authenticates()) {
            if (outgoing == null) {
                // the connector chose: TLS if the link is to be encrypted, which the handshake checks
                if (tls != null) {
                    ch.pipeline().addLast("tls", new OptionalSslHandler(tls.server()));
                }
            } else if (security.encrypts(self.location(), expected.location())) {
                ch.pipeline().addLast("tls", tls.client().newHandler(ch.alloc()));
            }
            ch.pipeline().addLast("auth", security.authenticator(outgoing == null ? PeerAuthenticator.Role.ACCEPTOR
                    : PeerAuthenticator.Role.CONNECTOR, AUTH_CONTEXT + context.poolName()));
        }
        ch.pipeline().addLast("frames", new FrameDecoder(maxFrame))
                .addLast("encoder", encoder)
                .addLast("handshake", new Handshake(this, expected, outgoing, security.authenticates()));
    }

    /** What the link proofs are for: links of this pool (see {@link PeerAuthenticator}). */
    static final String AUTH_CONTEXT = "ipl link of pool ";

    @Override
    public byte[] address() {
        return address.clone();
    }

    @Override
    public void open(NodeIdentifier self) {
        this.self = self;
    }

    NodeIdentifier self() {
        return self;
    }

    @Override
    public PeerLink link(NodeIdentifier peer, long timeoutMillis) throws IOException {
        if (closed || self == null) {
            throw new IplException("transport is not open");
        }
        long timeout = timeoutMillis > 0 ? timeoutMillis : connectTimeout;
        while (true) {
            CompletableFuture<TcpLink> mine = new CompletableFuture<>();
            CompletableFuture<TcpLink> existing = links.putIfAbsent(peer, mine);
            if (existing == null) {
                connect(peer, timeout, mine);
                existing = mine;
            }
            try {
                TcpLink link = existing.get(timeout + 1000, TimeUnit.MILLISECONDS);
                if (link.isOpen()) {
                    return link;
                }
                links.remove(peer, existing);
            } catch (ExecutionException e) {
                links.remove(peer, existing);
                throw e.getCause() instanceof IOException io ? io
                        : new IplException("cannot connect to " + peer + ": " + e.getCause(), e.getCause());
            } catch (TimeoutException e) {
                links.remove(peer, existing);
                throw new ConnectionRefusedException("no connection to " + peer + " within " + timeout + " ms");
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IplException("interrupted while connecting to " + peer, e);
            }
        }
    }

    private void connect(NodeIdentifier peer, long timeout, CompletableFuture<TcpLink> result) {
        String addr = new String(peer.address(), StandardCharsets.UTF_8);
        int colon = addr.lastIndexOf(':');
        InetSocketAddress target;
        try {
            target = new InetSocketAddress(addr.substring(0, colon), Integer.parseInt(addr.substring(colon + 1)));
        } catch (RuntimeException e) {
            result.completeExceptionally(new IplException("node " + peer + " has no tcp address ('" + addr + "')"));
            return;
        }
        new Bootstrap().group(workers).channel(NioSocketChannel.class)
                .option(ChannelOption.TCP_NODELAY, true)
                .option(ChannelOption.SO_KEEPALIVE, true)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int) Math.min(Integer.MAX_VALUE, timeout))
                .handler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        pipeline(ch, peer, result);
                    }
                })
                .connect(target).addListener((ChannelFuture f) -> {
                    if (!f.isSuccess()) {
                        result.completeExceptionally(new ConnectionRefusedException("cannot connect to " + peer
                                + " at " + addr + ": " + f.cause().getMessage(), f.cause()));
                    }
                });
    }

    /**
     * Whether to take a connection that {@code peer} opened. When both nodes connect to each other at
     * once, the connection opened by the node with the smaller identifier wins on both sides, so that a
     * pair of nodes ends with one connection.
     */
    boolean takesIncoming(NodeIdentifier peer) {
        CompletableFuture<TcpLink> mine = links.get(peer);
        return mine == null || mine.isDone() || peer.id().compareTo(self.id()) < 0;
    }

    /**
     * An accepted link finished its handshake: it becomes the link to that peer unless one exists, and
     * completes this node's own pending attempt if that attempt gave way to it.
     */
    void accepted(TcpLink link) {
        CompletableFuture<TcpLink> existing = links.putIfAbsent(link.peer(), CompletableFuture.completedFuture(link));
        if (existing != null) {
            existing.complete(link);
        }
    }

    void closed(TcpLink link) {
        if (link.peer() != null) {
            CompletableFuture<TcpLink> f = links.get(link.peer());
            if (f != null && f.isDone() && !f.isCompletedExceptionally() && f.getNow(null) == link) {
                links.remove(link.peer(), f);
            }
        }
    }

    @Override
    public int maxPayload() {
        return maxFrame - WireCodec.HEADER_SIZE;
    }

    @Override
    public void close() {
        closed = true;
        server.close().awaitUninterruptibly(1000);
        for (CompletableFuture<TcpLink> f : links.values()) {
            TcpLink l = f.getNow(null);
            if (l != null) {
                l.close("node closed");
            }
        }
        boss.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS);
        workers.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly(2000);
    }
}
