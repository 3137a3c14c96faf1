package satin.ipl.tcp;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.util.concurrent.ScheduledFuture;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import satin.ipl.ConnectionRefusedException;
import io.netty.handler.ssl.SslHandler;
import satin.ipl.NodeIdentifier;
import satin.ipl.security.AuthenticationException;
import satin.ipl.security.PeerAuthenticator;
import satin.ipl.spi.Packet;
import satin.ipl.spi.ProtocolException;
import satin.ipl.wire.Hello;

/**
 * The HELLO exchange that opens a tcp connection (see the package overview). The connecting side sends its
 * HELLO as soon as the connection is up and waits for the peer's; the accepting side checks the HELLO it
 * gets within the accept timeout, refuses an incompatible peer with REJECT and the reason (or with {@link
 * #YIELD}, see {@link TcpTransport#takesIncoming}) and answers with its own HELLO. Once the peer is known the
 * handler replaces itself with a {@link LinkInbound} for the new {@link TcpLink}, so the pipeline of an
 * established connection carries packets only. Every packet it gets ends here and is released here.
 */
final class Handshake extends ChannelInboundHandlerAdapter {
    private static final Logger log = LoggerFactory.getLogger(Handshake.class);
    /** REJECT's aux when two nodes connect to each other at once and the receiver's own connection wins. */
    static final int YIELD = 1;
    /** How often an accepted HELLO is looked at again while this node is still joining the pool. */
    private static final long JOIN_RETRY_MILLIS = 5;

    private final TcpTransport transport;
    /** The node this side connected to, or null for an accepted connection. */
    private final NodeIdentifier expected;
    /** Completes with the link when this side connected, or null for an accepted connection. */
    private final CompletableFuture<TcpLink> outgoing;
    /** The HELLO exchange waits for the pool authentication ({@link PeerAuthenticator}) to succeed. */
    private final boolean awaitAuthentication;
    private ScheduledFuture<?> timer;
    private boolean done;
    /** This outgoing connection gave way to the peer's simultaneous connection to this node. */
    private boolean yielded;
    private String failure;

    Handshake(TcpTransport transport, NodeIdentifier expected, CompletableFuture<TcpLink> outgoing,
            boolean awaitAuthentication) {
        this.transport = transport;
        this.expected = expected;
        this.outgoing = outgoing;
        this.awaitAuthentication = awaitAuthentication;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        if (ctx.channel().isActive()) {
            start(ctx);
        }
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        start(ctx);
        ctx.fireChannelActive();
    }

    private void start(ChannelHandlerContext ctx) {
        if (timer != null) {
            return;
        }
        timer = ctx.executor().schedule(() -> {
            if (!done) {
                close(ctx, "handshake not completed within " + transport.acceptTimeout + " ms");
            }
        }, transport.acceptTimeout, TimeUnit.MILLISECONDS);
        if (outgoing != null && !awaitAuthentication) {
            ctx.writeAndFlush(hello());
        }
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
        if (evt == PeerAuthenticator.Event.AUTHENTICATED && outgoing != null) {
            ctx.writeAndFlush(hello());
        }
        ctx.fireUserEventTriggered(evt);
    }

    private Packet hello() {
        return new Packet(Packet.HELLO, (byte) 0, 0, 0, 0,
                Hello.write(transport.context.poolName(), transport.self(), transport.context.registrationHash()));
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        Packet p = (Packet) msg;
        try {
            onPacket(ctx, p);
        } catch (ProtocolException e) {
            log.warn("closing connection with {} ({}): {}", expected, ctx.channel().remoteAddress(), e.getMessage());
            close(ctx, e.getMessage());
        } finally {
            p.release();
        }
    }

    private void onPacket(ChannelHandlerContext ctx, Packet p) throws ProtocolException {
        if (p.type == Packet.REJECT && outgoing != null) {
            if (p.aux == YIELD) {
                // both nodes connected at once and the peer's connection wins: the link future stays pending
                // until that connection arrives (TcpTransport#accepted)
                yielded = true;
                close(ctx, "the peer's own connection to this node is used instead");
                return;
            }
            String reason = p.content().toString(StandardCharsets.UTF_8);
            outgoing.completeExceptionally(new ConnectionRefusedException("peer refused the connection: " + reason));
            close(ctx, "refused: " + reason);
            return;
        }
        if (p.type != Packet.HELLO) {
            throw new ProtocolException("expected HELLO, got packet type " + p.type);
        }
        Hello hello = Hello.read(p.content());
        if (outgoing == null && transport.self() == null) {
            // a peer heard of this node from the registry before this node finished joining: wait for open
            // (the timer closes the connection if it never comes)
            awaitJoin(ctx, hello);
            return;
        }
        decide(ctx, hello);
    }

    private void awaitJoin(ChannelHandlerContext ctx, Hello hello) {
        ctx.executor().schedule(() -> {
            if (done || !ctx.channel().isActive()) {
                return;
            }
            if (transport.self() == null) {
                awaitJoin(ctx, hello);
            } else {
                decide(ctx, hello);
            }
        }, JOIN_RETRY_MILLIS, TimeUnit.MILLISECONDS);
    }

    /** Accepts or refuses the peer that sent {@code hello}. */
    private void decide(ChannelHandlerContext ctx, Hello hello) {
        String refusal = hello.incompatibility(transport.context.poolName(), transport.context.registrationHash());
        if (refusal == null && outgoing != null && !hello.node().equals(expected)) {
            refusal = "expected node " + expected + " at that address, found " + hello.node();
        }
        if (refusal == null && transport.context.security().encrypts(transport.self().location(),
                hello.node().location()) && ctx.pipeline().get(SslHandler.class) == null) {
            refusal = "node " + hello.node() + " connected without TLS, but this pool encrypts links between "
                    + transport.self().cluster() + " and " + hello.node().cluster() + " (ipl.security.encrypt="
                    + transport.context.security().policy().label() + ")";
        }
        if (refusal != null) {
            log.warn("refusing connection from {}: {}", ctx.channel().remoteAddress(), refusal);
            if (outgoing != null) {
                outgoing.completeExceptionally(new ConnectionRefusedException(refusal));
                close(ctx, refusal);
            } else {
                reject(ctx, new Packet(Packet.REJECT, (byte) 0, 0, 0, 0,
                        Unpooled.copiedBuffer(refusal, StandardCharsets.UTF_8)));
            }
            return;
        }
        if (outgoing == null) {
            if (!transport.takesIncoming(hello.node())) {
                reject(ctx, Packet.control(Packet.REJECT, 0, 0, YIELD));
                return;
            }
            // register before answering: the peer takes this node's next connection to it only once this
            // HELLO has arrived, so a pending attempt of this node is already completed with this link by
            // then and gives way (see TcpTransport#accepted). Answering first left a window in which both
            // connections were kept, one by each side. Another thread sending on the link now queues behind
            // this in-loop write, so HELLO is still the first packet on the connection.
            TcpLink link = establish(ctx, hello.node());
            transport.accepted(link);
            ctx.channel().writeAndFlush(hello());
        } else {
            TcpLink link = establish(ctx, hello.node());
            if (!outgoing.complete(link)) {
                // the peer's connection arrived first and already serves as the link: one per pair
                link.close("duplicate connection");
            }
        }
    }

    /** The peer is known: from now on the connection is a link and carries packets to the core. */
    private TcpLink establish(ChannelHandlerContext ctx, NodeIdentifier peer) {
        done = true;
        TcpLink link = new TcpLink(ctx.channel(), peer);
        ctx.pipeline().replace(this, "link", new LinkInbound(transport, link));
        return link;
    }

    private void reject(ChannelHandlerContext ctx, Packet answer) {
        done = true;
        ctx.writeAndFlush(answer).addListener(ChannelFutureListener.CLOSE);
    }

    private void close(ChannelHandlerContext ctx, String reason) {
        if (failure == null) {
            failure = reason;
        }
        ctx.close();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        if (cause instanceof AuthenticationException) {
            log.warn("{} connection {} {}: {}", outgoing != null ? "outgoing" : "incoming",
                    outgoing != null ? "to " + expected : "from", ctx.channel().remoteAddress(), cause.getMessage());
            if (outgoing != null) {
                outgoing.completeExceptionally(new ConnectionRefusedException("pool authentication with " + expected
                        + " failed: " + cause.getMessage()));
            }
            close(ctx, cause.getMessage());
            return;
        }
        LinkInbound.logFailure(String.valueOf(expected), ctx, cause);
        close(ctx, cause.toString());
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        if (outgoing != null && !outgoing.isDone() && !yielded) {
            outgoing.completeExceptionally(new ConnectionRefusedException("connection to " + expected
                    + " closed during the handshake" + (failure == null ? "" : ": " + failure)));
        }
        ctx.fireChannelInactive();
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) {
        if (timer != null) {
            timer.cancel(false);
        }
    }
}
