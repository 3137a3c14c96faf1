package satin.ipl.registry;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ThreadLocalRandom;
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
 * echoes it. Hearing nothing from the server for the heartbeat timeout, or losing the connection, makes every
 * registry call fail with {@link RegistryLostException}.
 *
 * <p>With {@link IplProperties#REGISTRY_RECONNECT}, a member that loses the connection after it joined keeps its
 * view and gets the connection back instead: it connects to the same address again, first after
 * {@value #FIRST_RETRY_MILLIS} ms, then at twice the pause each time up to {@value #LAST_RETRY_MILLIS} ms (with
 * jitter, so a pool's members do not come back in step), for as long as it lives, and sends REJOIN with its state
 * ({@link Rejoin}); a restarted registry rebuilds the pool from those states ({@link PoolState#rejoin}). A refusal
 * for now (the server's join rate) is tried again like a failed connect; any other refusal (the pool declared the
 * member dead meanwhile) is final: the registry is lost.
 *
 * <p>Riding out an outage needs a sign that the registry is gone rather than this member cut off: a connection
 * refused at the registry's address (its process is dead or restarting, and its host answers) or a refusal for now
 * (it lives). Without one for the heartbeat timeout (attempts time out, or connect and get no answer: a partition, a
 * frozen or unreachable registry host) the member gives up and the registry is lost, as it would be without
 * reconnecting: a member cut off from the pool must not go on as if it were still in it (the pool declares it
 * dead and recovers its work).
 *
 * <p>Threads: connecting, the handlers and the retry timer run on this client's one event loop; {@link #channel} is
 * written there and read by callers' threads (volatile).
 */
public final class RemoteRegistryClient extends RegistryClient {
    static final long FIRST_RETRY_MILLIS = 100;
    static final long LAST_RETRY_MILLIS = 2_000;

    private final EventLoopGroup group;
    private final long timeoutMillis;
    private final CompletableFuture<NodeIdentifier> joined = new CompletableFuture<>();
    private volatile Channel channel;
    private volatile boolean closing;
    private Link link;
    /** Event loop only: the pause before the next attempt to get the registry back. */
    private long retryMillis = FIRST_RETRY_MILLIS;
    private boolean reconnect;
    /** Event loop only: when an attempt last showed that the registry's host answers (see the class comment). */
    private long answeredNanos;
    /** Event loop only: set once this member gave up getting the registry back. */
    private boolean gaveUp;
    /** Event loop only: the check that gives up when no attempt shows a sign of the registry, while unavailable. */
    private ScheduledFuture<?> outageCheck;
    /** Event loop only: when the attempt in flight started, or -1 between attempts. */
    private long attemptNanos = -1;

    /** How to reach the registry, for the first connection and every one after it. */
    private record Link(InetSocketAddress server, String where, JoinRequest request, long interval, long timeout,
            long connectTimeout, PoolSecurity security, SslContext tls, satin.ipl.NetworkCut cut) {
    }

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
            client.reconnect = Boolean.parseBoolean(config.get(IplProperties.REGISTRY_RECONNECT).trim());
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
        link = new Link(server, where, request, interval, timeout, connectTimeout, security, tls, cut);
        ChannelFuture f = open(false, joined);
        if (!f.awaitUninterruptibly(connectTimeout + 1000) || !f.isSuccess()) {
            throw new IplException("cannot reach registry server " + server.getHostString() + ":" + server.getPort()
                    + (f.cause() == null ? " (timeout)" : ": " + f.cause().getMessage()), f.cause());
        }
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

    /** Opens a connection that sends JOIN, or REJOIN when {@code rejoin}; {@code answered} gets the server's answer. */
    private ChannelFuture open(boolean rejoin, CompletableFuture<NodeIdentifier> answered) {
        Link l = link;
        ChannelFuture f = new Bootstrap().group(group).channel(NioSocketChannel.class)
                .option(ChannelOption.TCP_NODELAY, true)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int) Math.min(Integer.MAX_VALUE, l.connectTimeout()))
                .handler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        if (l.cut() != null) {
                            ch.pipeline().addLast(new RegistryCut(l.cut())); // first: below the heartbeat timeout
                        }
                        ch.pipeline().addLast(new RateLimitRefusal.Sniffer(l.where())); // below TLS: see there
                        ch.pipeline().addLast(new IdleStateHandler(l.timeout(), 0, 0, TimeUnit.MILLISECONDS));
                        if (l.security().authenticates()) {
                            if (l.tls() != null) {
                                ch.pipeline().addLast("tls", l.tls().newHandler(ch.alloc(),
                                        l.server().getHostString(), l.server().getPort()));
                            }
                            ch.pipeline().addLast("auth", l.security().authenticator(PeerAuthenticator.Role.CONNECTOR,
                                    RegistryServer.AUTH_CONTEXT));
                        }
                        ch.pipeline().addLast(new LengthFieldBasedFrameDecoder(RegistryProtocol.MAX_FRAME, 0, 4, 0, 4));
                        ch.pipeline().addLast(new Handler(rejoin, answered, l.security().authenticates()));
                    }
                })
                .connect(new InetSocketAddress(l.server().getHostString(), l.server().getPort()));
        channel = f.channel();
        return f;
    }

    // ---- getting the registry back (event loop only) ----

    /** The connection is gone after this member joined: tries to get it back (see the class comment). */
    private void interrupted(Throwable cause) {
        connectionInterrupted(cause);
        retryMillis = FIRST_RETRY_MILLIS;
        answeredNanos = System.nanoTime();
        long every = Math.max(10, link.timeout() / 4);
        outageCheck = group.scheduleAtFixedRate(this::checkOutage, every, every, TimeUnit.MILLISECONDS);
        scheduleAttempt();
    }

    /**
     * While the registry is unavailable: gives up once an attempt has been in flight for the heartbeat timeout (its
     * connect or its answer hangs) with no sign of the registry for as long. The pauses between attempts do not count:
     * the backoff may wait longer than the timeout.
     */
    private void checkOutage() {
        if (closing || gaveUp || !unavailable()) {
            stopOutageCheck();
            return;
        }
        long now = System.nanoTime();
        if (attemptNanos >= 0 && now - attemptNanos > TimeUnit.MILLISECONDS.toNanos(link.timeout())) {
            giveUpIfSilent(now);
        }
    }

    /** An attempt failed without a sign of the registry (or hangs): gives up if none came for the timeout. */
    private void giveUpIfSilent(long now) {
        long silentMillis = TimeUnit.NANOSECONDS.toMillis(now - answeredNanos);
        if (silentMillis > link.timeout()) {
            giveUp(new IplException("registry server " + link.where() + " unreachable for " + silentMillis
                    + " ms after the connection was lost (attempts neither answered nor refused): this member is "
                    + "cut off"));
        }
    }

    private void giveUp(Throwable cause) {
        gaveUp = true;
        stopOutageCheck();
        connectionLost(cause);
    }

    private void stopOutageCheck() {
        if (outageCheck != null) {
            outageCheck.cancel(false);
            outageCheck = null;
        }
    }

    /** A connect that failed because nobody listens there (not a timeout): the registry's host answers. */
    private static boolean refused(Throwable cause) {
        return cause instanceof java.net.ConnectException
                && !(cause instanceof io.netty.channel.ConnectTimeoutException);
    }

    private void scheduleAttempt() {
        if (closing || gaveUp) {
            return;
        }
        long pause = retryMillis / 2 + ThreadLocalRandom.current().nextLong(retryMillis / 2 + 1);
        retryMillis = Math.min(LAST_RETRY_MILLIS, retryMillis * 2);
        group.schedule(this::attempt, pause, TimeUnit.MILLISECONDS);
    }

    private void attempt() {
        if (closing || gaveUp) {
            return;
        }
        CompletableFuture<NodeIdentifier> answered = new CompletableFuture<>();
        attemptNanos = System.nanoTime();
        ChannelFuture f = open(true, answered);
        f.addListener(done -> {
            if (!done.isSuccess()) {
                attemptNanos = -1;
                if (refused(done.cause())) {
                    answeredNanos = System.nanoTime(); // nobody listens there (yet): its host answers
                } else {
                    giveUpIfSilent(System.nanoTime());
                }
                scheduleAttempt();
            }
        });
        answered.whenComplete((id, failure) -> group.execute(() -> {
            attemptNanos = -1;
            if (gaveUp) {
                return;
            }
            if (failure == null) {
                retryMillis = FIRST_RETRY_MILLIS;
                stopOutageCheck();
                connectionRestored();
            } else if (failure instanceof JoinRefusedException r && !r.notYet()) {
                giveUp(r); // declared dead meanwhile, or another run: this member is out for good
            } else {
                if (failure instanceof JoinRefusedException) {
                    answeredNanos = System.nanoTime(); // its join rate: it lives
                } else {
                    giveUpIfSilent(System.nanoTime());
                }
                scheduleAttempt();
            }
        }));
    }

    private final class Handler extends ChannelInboundHandlerAdapter {
        private final boolean rejoin;
        private final CompletableFuture<NodeIdentifier> answered;
        private final boolean awaitAuthentication;
        private ScheduledFuture<?> heartbeats;

        Handler(boolean rejoin, CompletableFuture<NodeIdentifier> answered, boolean awaitAuthentication) {
            this.rejoin = rejoin;
            this.answered = answered;
            this.awaitAuthentication = awaitAuthentication;
        }

        @Override
        public void channelActive(ChannelHandlerContext ctx) {
            if (!awaitAuthentication) {
                sendJoin(ctx);
            }
            ctx.fireChannelActive();
        }

        /** JOIN (or REJOIN), then a heartbeat every interval; only once the pool secret is proven, if there is one. */
        private void sendJoin(ChannelHandlerContext ctx) {
            Channel ch = ctx.channel();
            Link l = link;
            int timeout = (int) Math.min(Integer.MAX_VALUE, l.timeout());
            ch.writeAndFlush(rejoin ? RegistryProtocol.rejoin(ch.alloc(), rejoinState(l.request().registrationHash(),
                    l.request().malleable(), timeout)) : RegistryProtocol.join(ch.alloc(), l.request(), timeout));
            heartbeats = ch.eventLoop().scheduleAtFixedRate(() -> {
                if (ch.isActive()) {
                    ch.writeAndFlush(RegistryProtocol.empty(ch.alloc(), RegistryProtocol.HEARTBEAT));
                }
            }, l.interval(), l.interval(), TimeUnit.MILLISECONDS);
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            ByteBuf frame = (ByteBuf) msg;
            try {
                RegistryProtocol.Frame f = RegistryProtocol.decode(frame);
                switch (f.type()) {
                    case RegistryProtocol.EVENT -> deliver(RegistryProtocol.readEvent(f.body()));
                    case RegistryProtocol.JOIN_OK -> answered.complete(WireFields.readIdentifier(f.body()));
                    case RegistryProtocol.JOIN_REFUSED -> answered.completeExceptionally(
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
            if (heartbeats != null) {
                heartbeats.cancel(false);
            }
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
            if (cause instanceof JoinRefusedException refused && !answered.isDone()) {
                answered.completeExceptionally(refused); // the server's rate limit: see RateLimitRefusal
                ctx.close();
                return;
            }
            if (cause instanceof AuthenticationException a && !answered.isDone()) {
                answered.completeExceptionally(a);
                ctx.close();
                return;
            }
            lose(ctx, "registry connection to " + link.where() + " failed: " + cause.getMessage());
        }

        /**
         * This connection is over. Before its answer: the answer fails (the join fails; a rejoin is tried again).
         * After it, on the member's current connection: the registry is gone, for good or until it is back.
         */
        private void lose(ChannelHandlerContext ctx, String reason) {
            IplException cause = new IplException(reason);
            boolean wasAnswered = answered.isDone() && !answered.isCompletedExceptionally();
            answered.completeExceptionally(cause);
            if (wasAnswered && ctx.channel() == channel) {
                if (reconnect && !closing && joined.isDone() && !joined.isCompletedExceptionally()) {
                    interrupted(cause);
                } else {
                    connectionLost(cause);
                }
            } else if (!rejoin) {
                connectionLost(cause);
            }
            ctx.close();
        }
    }

    @Override
    protected long electionReplyTimeoutMillis() {
        return timeoutMillis;
    }

    private void send(ByteBuf frame) throws IOException {
        checkConnected();
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
        Channel c = channel;
        if (c != null && c.isActive() && !unavailable()) {
            c.writeAndFlush(RegistryProtocol.empty(c.alloc(), RegistryProtocol.LEAVE)).awaitUninterruptibly(1000);
        }
    }

    @Override
    protected void disconnect() {
        closing = true;
        shutdown();
    }

    private void shutdown() {
        Channel c = channel;
        if (c != null) {
            c.close().awaitUninterruptibly(1000);
        }
        group.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS);
    }
}
