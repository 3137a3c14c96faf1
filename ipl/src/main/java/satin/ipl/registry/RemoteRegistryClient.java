package satin.ipl.registry;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.codec.LengthFieldBasedFrameDecoder;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.timeout.IdleState;
import io.netty.handler.timeout.IdleStateEvent;
import io.netty.handler.timeout.IdleStateHandler;

import satin.ipl.IplConfig;
import satin.ipl.IplException;
import satin.ipl.IplProperties;
import satin.ipl.NodeIdentifier;
import satin.ipl.RegistryEventHandler;
import satin.ipl.RegistryLostException;
import satin.ipl.security.AuthenticationException;
import satin.ipl.security.PeerAuthenticator;
import satin.ipl.security.PoolSecurity;
import satin.ipl.spi.ProtocolException;
import satin.ipl.spi.WireFields;

/**
 * A member of a pool on a {@link RegistryServer}. Sends a heartbeat every heartbeat interval; the server
 * echoes it. Hearing nothing from the server for the heartbeat timeout, or
 * losing the connection, makes every registry call fail with {@link RegistryLostException}.
 */
public final class RemoteRegistryClient extends RegistryClient {
    private final EventLoopGroup group;
    private final long timeoutMillis;
    private final CompletableFuture<NodeIdentifier> joined = new CompletableFuture<>();
    private Channel channel;
    private volatile boolean closing;

    private RemoteRegistryClient(RegistryEventHandler handler, JoinRequest request, long timeoutMillis) {
        super(handler, request.closedPoolSize(), request.joinRunning(), "ipl-registry-client");
        this.timeoutMillis = timeoutMillis;
        this.group = new NioEventLoopGroup(1, new satin.ipl.spi.DaemonThreadFactory("ipl-registry-io"));
    }

    /** Connects to {@code host:port} and joins; fails within the connect timeout. */
    public static RemoteRegistryClient join(String address, JoinRequest request, RegistryEventHandler handler,
            IplConfig config, PoolSecurity security) throws IOException {
        return join(address, request, handler, config, security, null);
    }

    /** As above, with a network cut (fault injection, may be null) on the connection: see {@link RegistryCut}. */
    public static RemoteRegistryClient join(String address, JoinRequest request, RegistryEventHandler handler,
            IplConfig config, PoolSecurity security, satin.ipl.NetworkCut cut) throws IOException {
        InetSocketAddress server = parse(address);
        long interval = config.getLong(IplProperties.HEARTBEAT_INTERVAL_MS);
        long timeout = config.getLong(IplProperties.HEARTBEAT_TIMEOUT_MS);
        long connectTimeout = config.getLong(IplProperties.CONNECT_TIMEOUT_MS);
        RemoteRegistryClient client = new RemoteRegistryClient(handler, request, connectTimeout);
        try {
            client.connect(server, request, interval, timeout, connectTimeout, security, cut);
            return client;
        } catch (IOException | RuntimeException e) {
            client.closing = true;
            client.close();
            throw e;
        }
    }

    static InetSocketAddress parse(String address) throws IplException {
        int colon = address.lastIndexOf(':');
        try {
            return InetSocketAddress.createUnresolved(address.substring(0, colon),
                    Integer.parseInt(address.substring(colon + 1)));
        } catch (RuntimeException e) {
            throw new IplException("registry address '" + address + "' is not host:port");
        }
    }

    private void connect(InetSocketAddress server, JoinRequest request, long interval, long timeout,
            long connectTimeout, PoolSecurity security, satin.ipl.NetworkCut cut) throws IOException {
        String where = server.getHostString() + ":" + server.getPort();
        // made here, on the joining thread, and not in initChannel: that runs on the event loop before the connect
        // is even issued, so a key pair and certificate made there (seconds for a cold JVM on a loaded machine)
        // counted against the connect wait below and failed the join as 'cannot reach registry server (timeout)'
        SslContext tls = security.encryptsRegistry() ? security.tls().client() : null;
        ChannelFuture f = new Bootstrap().group(group).channel(NioSocketChannel.class)
                .option(ChannelOption.TCP_NODELAY, true)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int) Math.min(Integer.MAX_VALUE, connectTimeout))
                .handler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        if (cut != null) {
                            ch.pipeline().addLast(new RegistryCut(cut)); // first: below the heartbeat timeout
                        }
                        ch.pipeline().addLast(new RateLimitRefusal.Sniffer(where)); // below TLS: see there
                        ch.pipeline().addLast(new IdleStateHandler(timeout, 0, 0, TimeUnit.MILLISECONDS));
                        if (security.authenticates()) {
                            if (tls != null) {
                                ch.pipeline().addLast("tls", tls.newHandler(ch.alloc(),
                                        server.getHostString(), server.getPort()));
                            }
                            ch.pipeline().addLast("auth", security.authenticator(PeerAuthenticator.Role.CONNECTOR,
                                    RegistryServer.AUTH_CONTEXT));
                        }
                        ch.pipeline().addLast(new LengthFieldBasedFrameDecoder(RegistryProtocol.MAX_FRAME, 0, 4, 0, 4));
                        ch.pipeline().addLast(new Handler(request, timeout, interval, where, security.authenticates()));
                    }
                })
                .connect(new InetSocketAddress(server.getHostString(), server.getPort()));
        if (!f.awaitUninterruptibly(connectTimeout + 1000) || !f.isSuccess()) {
            throw new IplException("cannot reach registry server " + server.getHostString() + ":" + server.getPort()
                    + (f.cause() == null ? " (timeout)" : ": " + f.cause().getMessage()), f.cause());
        }
        channel = f.channel();
        try {
            joinedAs(joined.get(connectTimeout, TimeUnit.MILLISECONDS));
        } catch (ExecutionException e) {
            if (e.getCause() instanceof AuthenticationException a) {
                throw new AuthenticationException("registry server " + where + ": pool authentication failed: "
                        + a.getMessage());
            }
            if (e.getCause() instanceof IOException io) {
                throw io;
            }
            throw new IplException("join failed: " + e.getCause(), e.getCause());
        } catch (TimeoutException e) {
            throw new IplException("registry server did not answer JOIN within " + connectTimeout + " ms");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IplException("interrupted while joining", e);
        }
    }

    private final class Handler extends ChannelInboundHandlerAdapter {
        private final JoinRequest request;
        private final long timeout;
        private final long interval;
        private final String where;
        private final boolean awaitAuthentication;

        Handler(JoinRequest request, long timeout, long interval, String where, boolean awaitAuthentication) {
            this.request = request;
            this.timeout = timeout;
            this.interval = interval;
            this.where = where;
            this.awaitAuthentication = awaitAuthentication;
        }

        @Override
        public void channelActive(ChannelHandlerContext ctx) {
            if (!awaitAuthentication) {
                sendJoin(ctx);
            }
            ctx.fireChannelActive();
        }

        /** JOIN, then a heartbeat every interval; only once the pool secret is proven, if there is one. */
        private void sendJoin(ChannelHandlerContext ctx) {
            Channel ch = ctx.channel();
            ch.writeAndFlush(RegistryProtocol.join(ch.alloc(), request, (int) Math.min(Integer.MAX_VALUE, timeout)));
            ch.eventLoop().scheduleAtFixedRate(() -> {
                if (ch.isActive()) {
                    ch.writeAndFlush(RegistryProtocol.empty(ch.alloc(), RegistryProtocol.HEARTBEAT));
                }
            }, interval, interval, TimeUnit.MILLISECONDS);
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            ByteBuf frame = (ByteBuf) msg;
            try {
                RegistryProtocol.Frame f = RegistryProtocol.decode(frame);
                switch (f.type()) {
                    case RegistryProtocol.EVENT -> deliver(RegistryProtocol.readEvent(f.body()));
                    case RegistryProtocol.JOIN_OK -> joined.complete(WireFields.readIdentifier(f.body()));
                    case RegistryProtocol.JOIN_REFUSED -> joined.completeExceptionally(
                            RegistryProtocol.readRefused(f.body()));
                    case RegistryProtocol.HEARTBEAT -> {
                    }
                    default -> throw new ProtocolException("unexpected message type " + f.type() + " from server");
                }
            } catch (ProtocolException e) {
                lose(ctx, "registry server broke the protocol: " + e.getMessage());
            } finally {
                frame.release();
            }
        }

        @Override
        public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
            if (evt == PeerAuthenticator.Event.AUTHENTICATED) {
                sendJoin(ctx);
            } else if (evt instanceof IdleStateEvent e && e.state() == IdleState.READER_IDLE) {
                lose(ctx, "registry server silent beyond the heartbeat timeout");
            }
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            if (!closing) {
                lose(ctx, "registry server closed the connection");
            }
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            if (cause instanceof io.netty.handler.codec.DecoderException d
                    && d.getCause() instanceof JoinRefusedException refused) {
                cause = refused;
            }
            if (cause instanceof JoinRefusedException refused && !joined.isDone()) {
                joined.completeExceptionally(refused); // the server's rate limit: see RateLimitRefusal
                ctx.close();
                return;
            }
            if (cause instanceof AuthenticationException a && !joined.isDone()) {
                joined.completeExceptionally(a);
                ctx.close();
                return;
            }
            lose(ctx, "registry connection to " + where + " failed: " + cause.getMessage());
        }

        private void lose(ChannelHandlerContext ctx, String reason) {
            IplException cause = new IplException(reason);
            joined.completeExceptionally(cause);
            connectionLost(cause);
            ctx.close();
        }
    }

    @Override
    protected long electionReplyTimeoutMillis() {
        return timeoutMillis;
    }

    private void send(ByteBuf frame) throws IOException {
        checkAlive();
        channel.writeAndFlush(frame);
    }

    @Override
    protected void sendElect(String election) throws IOException {
        send(RegistryProtocol.text(channel.alloc(), RegistryProtocol.ELECT, election));
    }

    @Override
    protected void sendSignal(String signal, List<NodeIdentifier> targets) throws IOException {
        send(RegistryProtocol.signal(channel.alloc(), signal, targets));
    }

    @Override
    protected void sendTerminate() throws IOException {
        send(RegistryProtocol.empty(channel.alloc(), RegistryProtocol.TERMINATE));
    }

    @Override
    protected void sendLeave() throws IOException {
        closing = true;
        if (channel != null && channel.isActive()) {
            channel.writeAndFlush(RegistryProtocol.empty(channel.alloc(), RegistryProtocol.LEAVE))
                    .awaitUninterruptibly(1000);
        }
    }

    @Override
    protected void disconnect() {
        closing = true;
        shutdown();
    }

    private void shutdown() {
        if (channel != null) {
            channel.close().awaitUninterruptibly(1000);
        }
        group.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS);
    }
}
