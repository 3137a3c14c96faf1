package satin.ipl.registry;

import java.net.InetSocketAddress;
import java.util.HashMap;
import java.util.Map;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.LengthFieldBasedFrameDecoder;
import io.netty.handler.ssl.OptionalSslHandler;
import io.netty.handler.ssl.SslContext;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import satin.ipl.security.PeerAuthenticator;
import satin.ipl.security.PoolSecurity;

/**
 * The registry server: many pools, each a {@link PoolState}, served over TCP with {@link
 * RegistryProtocol}. Embeddable ({@code new RegistryServer(0).start()}, then {@link #port()}) or standalone
 * through {@code satin server --port P}. A member whose connection closes without LEAVE, breaks the
 * protocol or stays silent longer than the heartbeat timeout it announced in JOIN is reported as died.
 *
 * <p>A connection's pipeline: {@link AdmissionControl} (join rate per source address), then, for a pool with
 * a secret, TLS if the member asks for it and {@link PeerAuthenticator} (the member proves the secret before a
 * single registry message is read: a member that cannot is refused and leaves no trace in any pool), then
 * framing ({@link RegistryLimits#maxMessageBytes()}) and the {@link RegistryServerHandler}. The pool and member
 * limits are checked when a member joins.
 */
public final class RegistryServer implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(RegistryServer.class);

    public static final long DEFAULT_JOIN_TIMEOUT_MS = 10_000;
    /** How often the server looks for expected members whose grace has passed. */
    private static final long EXPIRY_PERIOD_MILLIS = 200;
    /** What registry proofs are for (see {@link PeerAuthenticator}); link proofs name their pool instead. */
    public static final String AUTH_CONTEXT = "registry";

    private final String bindAddress;
    private final long joinTimeoutMillis;
    private final int requestedPort;
    private final Map<String, PoolState> pools = new HashMap<>();
    /** Names of pools that closed and then emptied, the latest {@value #ENDED_REMEMBERED}; guarded by pools. */
    private final java.util.LinkedHashSet<String> ended = new java.util.LinkedHashSet<>();
    private static final int ENDED_REMEMBERED = 1024;
    private PoolSecurity security;
    private RegistryLimits limits = RegistryLimits.DEFAULTS;
    private AdmissionControl admission;
    private final java.util.concurrent.atomic.AtomicLong refusedAuthentications =
            new java.util.concurrent.atomic.AtomicLong();
    private volatile java.util.function.Consumer<String> refusalListener = why -> { };
    private EventLoopGroup group;
    private Channel server;

    public RegistryServer(int port) {
        this("0.0.0.0", port);
    }

    public RegistryServer(String bindAddress, int port) {
        this(bindAddress, port, DEFAULT_JOIN_TIMEOUT_MS);
    }

    /** @param joinTimeoutMillis how long a new connection may take to send JOIN before it is closed */
    public RegistryServer(String bindAddress, int port, long joinTimeoutMillis) {
        this.bindAddress = bindAddress;
        this.requestedPort = port;
        this.joinTimeoutMillis = joinTimeoutMillis;
    }

    long joinTimeoutMillis() {
        return joinTimeoutMillis;
    }

    /**
     * Who may join: members that prove this secret ({@link PoolSecurity#of}), or anyone ({@link
     * PoolSecurity#insecure()}). Must be chosen before {@link #start()}: a server has no default.
     */
    public synchronized RegistryServer security(PoolSecurity security) {
        this.security = security;
        return this;
    }

    /** The limits that protect this server from hostile clients ({@link RegistryLimits#DEFAULTS} if not set). */
    public synchronized RegistryServer limits(RegistryLimits limits) {
        this.limits = limits;
        return this;
    }

    public synchronized RegistryLimits limits() {
        return limits;
    }

    /** Connections refused for exceeding the join rate so far. */
    public synchronized long refusedConnections() {
        return admission == null ? 0 : admission.refused();
    }

    /** Connections refused because the peer could not prove the pool secret (or refused this server's proof). */
    public long refusedAuthentications() {
        return refusedAuthentications.get();
    }

    void authenticationRefused(String description) {
        refusedAuthentications.incrementAndGet();
        refusalListener.accept(description);
    }

    /**
     * Tells {@code listener} about each connection refused because it could not prove the pool secret, with the
     * peer's address and the reason, e.g. for a launcher that prints it beside the refused node's own error. Called
     * on the registry's I/O thread: it must not block.
     */
    public RegistryServer onRefusedAuthentication(java.util.function.Consumer<String> listener) {
        this.refusalListener = listener;
        return this;
    }

    /**
     * Lets pool {@code pool} close with one member fewer than its declared size: a member whose start failed
     * before it joined (see {@link PoolState#leaveOut()}); for a launcher that goes on without it.
     *
     * @return false when the pool has closed already (the member is then missed like a crashed one)
     */
    public boolean leaveOut(String pool) {
        synchronized (pools) {
            if (!pools.containsKey(pool) && ended.contains(pool)) {
                return false; // it ran and emptied: a new pool state would only stay behind, never closing
            }
            return pools.computeIfAbsent(pool, PoolState::new).leaveOut();
        }
    }

    public synchronized RegistryServer start() throws InterruptedException {
        if (server != null) {
            throw new IllegalStateException("registry server already started");
        }
        if (security == null) {
            throw new IllegalStateException("registry server without a security setting: call security("
                    + "PoolSecurity.of(secret, policy)) or security(PoolSecurity.insecure()) before start()");
        }
        PoolSecurity sec = security;
        // made here, on the caller's thread: the first accepted connection would otherwise make the key pair and
        // certificate on the server's only event loop (seconds, cold and on a loaded machine), and every member's
        // TLS handshake and JOIN would wait behind it
        SslContext tls = sec.mayEncrypt() ? sec.tls().server() : null;
        RegistryLimits lim = limits;
        AdmissionControl admit = new AdmissionControl(lim, System::nanoTime);
        admission = admit;
        group = new NioEventLoopGroup(1, new satin.ipl.spi.DaemonThreadFactory("ipl-registry-server"));
        try {
            server = new ServerBootstrap().group(group).channel(NioServerSocketChannel.class)
                    .childOption(ChannelOption.TCP_NODELAY, true)
                    .childHandler(new ChannelInitializer<SocketChannel>() {
                        @Override
                        protected void initChannel(SocketChannel ch) {
                            ch.pipeline().addLast("admission", admit);
                            if (sec.authenticates()) {
                                // a member chooses TLS (ipl.security.encrypt); authentication is always asked for
                                if (tls != null) {
                                    ch.pipeline().addLast("tls", new OptionalSslHandler(tls));
                                }
                                ch.pipeline().addLast("auth", sec.authenticator(PeerAuthenticator.Role.ACCEPTOR,
                                        AUTH_CONTEXT));
                            }
                            ch.pipeline().addLast("frames",
                                    new LengthFieldBasedFrameDecoder(lim.maxMessageBytes(), 0, 4, 0, 4));
                            ch.pipeline().addLast("registry", new RegistryServerHandler(RegistryServer.this));
                        }
                    })
                    .bind(new InetSocketAddress(bindAddress, requestedPort)).sync().channel();
        } catch (RuntimeException | InterruptedException e) {
            group.shutdownGracefully(0, 0, java.util.concurrent.TimeUnit.MILLISECONDS);
            throw e;
        }
        // a rebuilt pool's expected members: declared dead when their grace has passed (PoolState.rejoin)
        group.scheduleAtFixedRate(this::expireExpected, EXPIRY_PERIOD_MILLIS, EXPIRY_PERIOD_MILLIS,
                java.util.concurrent.TimeUnit.MILLISECONDS);
        log.info("registry server listening on port {} ({})", port(), sec);
        return this;
    }

    /** The port actually bound (useful after asking for port 0). */
    public synchronized int port() {
        if (server == null) {
            throw new IllegalStateException("registry server not started");
        }
        return ((InetSocketAddress) server.localAddress()).getPort();
    }

    /** host:port for {@code ipl.registry.address} of nodes on this machine. */
    public String address() {
        return "127.0.0.1:" + port();
    }

    /**
     * Joins the named pool (created on first use). Holding the pools lock while joining means a pool that
     * is being forgotten because it emptied cannot take a new member at the same moment.
     */
    JoinResult join(JoinRequest request, EventSink sink) throws JoinRefusedException {
        synchronized (pools) {
            RegistryLimits lim = limits();
            if (!pools.containsKey(request.pool()) && pools.size() >= lim.maxPools()) {
                throw new JoinRefusedException("registry limit: this server serves at most " + lim.maxPools()
                        + " pools");
            }
            PoolState existing = pools.get(request.pool());
            if (existing != null && existing.members().size() >= lim.maxMembersPerPool()) {
                throw new JoinRefusedException("registry limit: pool '" + request.pool() + "' has reached "
                        + lim.maxMembersPerPool() + " members");
            }
            PoolState pool = pools.computeIfAbsent(request.pool(), PoolState::new);
            try {
                return new JoinResult(pool, pool.join(request, sink));
            } catch (JoinRefusedException e) {
                if (pool.isEmpty()) {
                    pools.remove(pool.name(), pool);
                    pools.notifyAll();
                }
                throw e;
            }
        }
    }

    /** The pool a member joined and its identifier. */
    record JoinResult(PoolState pool, satin.ipl.NodeIdentifier member) {
    }

    /** Takes back a member that lost its registry, rebuilding its pool if this server has none of it. */
    JoinResult rejoin(Rejoin rejoin, EventSink sink) throws JoinRefusedException {
        synchronized (pools) {
            String name = rejoin.self().pool();
            if (!pools.containsKey(name) && pools.size() >= limits().maxPools()) {
                throw new JoinRefusedException("registry limit: this server serves at most " + limits().maxPools()
                        + " pools");
            }
            PoolState pool = pools.computeIfAbsent(name, PoolState::new);
            try {
                return new JoinResult(pool, pool.rejoin(rejoin, sink, System.nanoTime()));
            } catch (JoinRefusedException e) {
                if (pool.isEmpty()) {
                    pools.remove(pool.name(), pool);
                    pools.notifyAll();
                }
                throw e;
            }
        }
    }

    /** Declares dead the members rebuilt pools waited for in vain (see {@link PoolState#rejoin}). */
    private void expireExpected() {
        long now = System.nanoTime();
        java.util.List<PoolState> snapshot;
        synchronized (pools) {
            snapshot = new java.util.ArrayList<>(pools.values());
        }
        for (PoolState pool : snapshot) {
            if (pool.expire(now)) {
                forgetIfEmpty(pool);
            }
        }
    }

    /** Forgets an empty pool so its name can be used again. */
    void forgetIfEmpty(PoolState pool) {
        synchronized (pools) {
            if (pool.isEmpty() && pools.remove(pool.name(), pool)) {
                if (pool.hasClosed()) {
                    ended.remove(pool.name());
                    ended.add(pool.name());
                    if (ended.size() > ENDED_REMEMBERED) {
                        ended.remove(ended.iterator().next());
                    }
                }
                pools.notifyAll();
            }
        }
    }

    /** Whether pool {@code pool} has closed (it had all its initial members), whether or not it ended since. */
    public boolean poolClosed(String pool) {
        synchronized (pools) {
            PoolState state = pools.get(pool);
            return state != null ? state.hasClosed() : ended.contains(pool);
        }
    }

    /**
     * Whether pool {@code pool} closed (it had all its members) and has since emptied: each member left or was
     * reported dead, so nobody can end its run any more. For a launcher that must not wait for a node JVM that is
     * still there but out of the pool (frozen, or declared dead while it lived). False while a new pool of that name
     * runs.
     */
    public boolean poolEnded(String pool) {
        synchronized (pools) {
            return !pools.containsKey(pool) && ended.contains(pool);
        }
    }

    /**
     * Waits until no pool has a member left (each one left or died), for a server embedded in one of the nodes:
     * stopping it earlier would make the others lose the registry before they have left.
     *
     * @return whether every pool emptied within {@code timeoutMillis}
     */
    public boolean awaitNoMembers(long timeoutMillis) throws InterruptedException {
        long deadline = System.nanoTime() + timeoutMillis * 1_000_000L;
        synchronized (pools) {
            while (!pools.isEmpty()) {
                long left = (deadline - System.nanoTime()) / 1_000_000L;
                if (left <= 0) {
                    return false;
                }
                pools.wait(left);
            }
            return true;
        }
    }

    /** Closes the listening socket and every member connection (members see the registry as lost). */
    public void stop() {
        Channel c;
        EventLoopGroup g;
        synchronized (this) {
            c = server;
            g = group;
            server = null;
        }
        if (c != null) {
            c.close().awaitUninterruptibly(5000);
            g.shutdownGracefully(0, 1, java.util.concurrent.TimeUnit.SECONDS).awaitUninterruptibly(5000);
        }
    }

    @Override
    public void close() {
        stop();
    }

    /** Blocks until the server channel closes. */
    public void awaitClose() throws InterruptedException {
        Channel c;
        synchronized (this) {
            c = server;
        }
        if (c != null) {
            c.closeFuture().sync();
        }
    }
}
