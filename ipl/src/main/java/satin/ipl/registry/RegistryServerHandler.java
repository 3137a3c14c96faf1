package satin.ipl.registry;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.timeout.IdleStateEvent;
import io.netty.handler.timeout.IdleStateHandler;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import satin.ipl.NodeIdentifier;
import satin.ipl.spi.ProtocolException;

/** One member's connection to the registry server. */
final class RegistryServerHandler extends ChannelInboundHandlerAdapter {
    private static final Logger log = LoggerFactory.getLogger(RegistryServerHandler.class);

    private final RegistryServer server;
    private PoolState pool;
    private NodeIdentifier member;
    /** Where the pool's events for this member go: this connection. */
    private EventSink sink;
    private boolean left;

    RegistryServerHandler(RegistryServer server) {
        this.server = server;
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        ctx.executor().schedule(() -> {
            if (member == null && ctx.channel().isActive()) {
                log.warn("closing registry connection from {}: no JOIN within {} ms", ctx.channel().remoteAddress(),
                        server.joinTimeoutMillis());
                ctx.close();
            }
        }, server.joinTimeoutMillis(), TimeUnit.MILLISECONDS);
        ctx.fireChannelActive();
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        ByteBuf frame = (ByteBuf) msg;
        try {
            handle(ctx, RegistryProtocol.decode(frame));
        } catch (ProtocolException e) {
            log.warn("closing registry connection from {}: {}", ctx.channel().remoteAddress(), e.getMessage());
            ctx.close();
        } finally {
            frame.release();
        }
    }

    private void handle(ChannelHandlerContext ctx, RegistryProtocol.Frame f) throws ProtocolException {
        if (member == null && f.type() != RegistryProtocol.JOIN && f.type() != RegistryProtocol.REJOIN) {
            throw new ProtocolException("message type " + f.type() + " before JOIN");
        }
        switch (f.type()) {
            case RegistryProtocol.JOIN -> {
                if (member != null) {
                    throw new ProtocolException("second JOIN");
                }
                join(ctx, RegistryProtocol.readJoin(f.body()));
            }
            case RegistryProtocol.REJOIN -> {
                if (member != null) {
                    throw new ProtocolException("REJOIN after JOIN");
                }
                rejoin(ctx, RegistryProtocol.readRejoin(f.body()));
            }
            case RegistryProtocol.HEARTBEAT -> {
                RegistryProtocol.requireEnd(f.body());
                ctx.writeAndFlush(RegistryProtocol.empty(ctx.alloc(), RegistryProtocol.HEARTBEAT));
            }
            case RegistryProtocol.ELECT -> pool.elect(member, readText(f));
            case RegistryProtocol.SIGNAL -> {
                RegistryProtocol.Signal s = RegistryProtocol.readSignal(f.body());
                List<NodeIdentifier> targets = new ArrayList<>();
                for (NodeIdentifier m : pool.members()) {
                    if (s.targetIds().contains(m.id())) {
                        targets.add(m);
                    }
                }
                if (targets.isEmpty() && !s.targetIds().isEmpty()) {
                    return;
                }
                pool.signal(member, s.text(), targets);
            }
            case RegistryProtocol.TERMINATE -> {
                RegistryProtocol.requireEnd(f.body());
                pool.terminate(member);
            }
            case RegistryProtocol.LEAVE -> {
                RegistryProtocol.requireEnd(f.body());
                left = true;
                pool.ended(member, sink, true);
                server.forgetIfEmpty(pool);
                ctx.close();
            }
            default -> throw new ProtocolException("unexpected registry message type " + f.type());
        }
    }

    private static String readText(RegistryProtocol.Frame f) throws ProtocolException {
        String s = satin.ipl.spi.WireFields.readString(f.body());
        RegistryProtocol.requireEnd(f.body());
        return s;
    }

    private void join(ChannelHandlerContext ctx, RegistryProtocol.Join join) {
        sink = e -> ctx.writeAndFlush(RegistryProtocol.event(ctx.alloc(), e));
        try {
            admitted(ctx, server.join(join.request(), sink), join.heartbeatTimeoutMillis());
            log.debug("{} joined pool {}", member, pool.name());
        } catch (JoinRefusedException e) {
            refuse(ctx, e);
        }
    }

    /** A member that lost its registry comes back (see {@link PoolState#rejoin}). */
    private void rejoin(ChannelHandlerContext ctx, Rejoin rejoin) {
        sink = e -> ctx.writeAndFlush(RegistryProtocol.event(ctx.alloc(), e));
        try {
            admitted(ctx, server.rejoin(rejoin, sink), rejoin.heartbeatTimeoutMillis());
            log.info("{} came back to pool {}", member, pool.name());
        } catch (JoinRefusedException e) {
            log.info("refused {} back to its pool: {}", rejoin.self(), e.getMessage());
            refuse(ctx, e);
        }
    }

    private void admitted(ChannelHandlerContext ctx, RegistryServer.JoinResult joined, int heartbeatTimeoutMillis) {
        member = joined.member();
        pool = joined.pool();
        ctx.writeAndFlush(RegistryProtocol.identifier(ctx.alloc(), RegistryProtocol.JOIN_OK, member));
        ctx.pipeline().addFirst(new IdleStateHandler(heartbeatTimeoutMillis, 0, 0, TimeUnit.MILLISECONDS));
    }

    private static void refuse(ChannelHandlerContext ctx, JoinRefusedException e) {
        ctx.writeAndFlush(RegistryProtocol.refused(ctx.alloc(), e))
                .addListener(io.netty.channel.ChannelFutureListener.CLOSE);
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
        if (evt instanceof IdleStateEvent) {
            log.warn("member {} silent beyond its heartbeat timeout: reporting it dead", member);
            ctx.close();
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        if (member != null && !left) {
            left = true;
            log.info("member {} of pool {} died (connection lost)", member, pool.name());
            pool.ended(member, sink, false);
            server.forgetIfEmpty(pool);
        }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        if (cause instanceof satin.ipl.security.AuthenticationException) {
            server.authenticationRefused(ctx.channel().remoteAddress() + ": " + cause.getMessage());
            log.warn("refused registry connection from {}: {}", ctx.channel().remoteAddress(), cause.getMessage());
        } else if (member != null && cause instanceof java.io.IOException) {
            // a member's connection reset: its JVM ended (a crash, or an exit right after it ended the run); what that
            // means for its pool is said once the channel is closed (channelInactive)
            log.debug("registry connection of {} failed: {}", member, cause.toString());
        } else if (cause instanceof java.io.IOException && !(cause instanceof javax.net.ssl.SSLException)) {
            // reset before it joined: its JVM ended while starting (a run stopped with Ctrl-C, a node killed) or it
            // gave up; no member, so nothing of a pool is affected. A TLS failure stays a warning: a misconfiguration
            log.debug("registry connection from {} ended before it joined: {}", ctx.channel().remoteAddress(),
                    cause.toString());
        } else {
            log.warn("registry connection from {} failed: {}", ctx.channel().remoteAddress(), cause.toString());
        }
        ctx.close();
    }
}
