package satin.ipl.tcp;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import satin.ipl.ConnectionRefusedException;
import satin.ipl.IplException;
import satin.ipl.NodeIdentifier;
import satin.ipl.spi.Packet;
import satin.ipl.spi.PeerLink;
import satin.ipl.spi.ProtocolException;
import satin.ipl.spi.WireCodec;

/**
 * One TCP connection to a peer: the handshake state machine and, once established, the path of every
 * packet between the socket and the core. A refused handshake is answered with REJECT and the reason.
 */
final class TcpLink extends ChannelInboundHandlerAdapter implements PeerLink {
    private static final Logger log = LoggerFactory.getLogger(TcpLink.class);
    private static final int COPY_LIMIT = 2048;

    private final TcpTransport transport;
    private final Channel channel;
    private final CompletableFuture<TcpLink> outgoing;
    private volatile NodeIdentifier peer;
    private volatile boolean established;
    private volatile String closeReason;
    /** This outgoing connection gave way to the peer's simultaneous connection to this node. */
    private volatile boolean yielded;
    /** REJECT's aux when two nodes connect to each other at once and the receiver's own connection wins. */
    static final int YIELD = 1;

    /** An accepted connection; the peer is learnt from its HELLO. */
    TcpLink(TcpTransport transport, Channel channel, NodeIdentifier peer) {
        this(transport, channel, peer, null);
    }

    TcpLink(TcpTransport transport, Channel channel, NodeIdentifier peer, CompletableFuture<TcpLink> outgoing) {
        this.transport = transport;
        this.channel = channel;
        this.peer = peer;
        this.outgoing = outgoing;
    }

    @Override
    public NodeIdentifier peer() {
        return peer;
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        ctx.executor().schedule(() -> {
            if (!established) {
                close("handshake not completed within " + transport.acceptTimeout + " ms");
            }
        }, transport.acceptTimeout, TimeUnit.MILLISECONDS);
        if (outgoing != null) {
            write(hello());
        }
        ctx.fireChannelActive();
    }

    private Packet hello() {
        return new Packet(Packet.HELLO, (byte) 0, 0, 0, 0, WireCodec.writeHello(transport.context.poolName(),
                transport.self(), transport.context.registrationHash()));
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        Packet p = (Packet) msg;
        try {
            if (established) {
                if (p.type == Packet.HELLO) {
                    throw new ProtocolException("second HELLO");
                }
                transport.context.handler().received(this, p);
            } else {
                handshake(p);
            }
        } catch (ProtocolException e) {
            log.warn("closing connection with {} ({}): {}", peer, channel.remoteAddress(), e.getMessage());
            close(e.getMessage());
        }
    }

    private void handshake(Packet p) throws ProtocolException {
        if (p.type == Packet.REJECT && outgoing != null && p.aux == YIELD) {
            // both nodes connected at once and the peer's connection wins: the link future stays pending
            // until that connection arrives (TcpTransport#accepted)
            yielded = true;
            close("the peer's own connection to this node is used instead");
            return;
        }
        if (p.type == Packet.REJECT && outgoing != null) {
            String reason = StandardCharsets.UTF_8.decode(p.payload.duplicate()).toString();
            outgoing.completeExceptionally(new ConnectionRefusedException("peer refused the connection: " + reason));
            close("refused: " + reason);
            return;
        }
        if (p.type != Packet.HELLO) {
            throw new ProtocolException("expected HELLO, got packet type " + p.type);
        }
        if (outgoing == null && transport.self() == null) {
            // a peer heard of this node from the registry before this node finished joining: wait for
            // open (the handshake timer closes the connection if it never comes)
            channel.eventLoop().schedule(() -> {
                if (channel.isActive() && !established) {
                    try {
                        handshake(p);
                    } catch (ProtocolException e) {
                        log.warn("closing connection from {}: {}", channel.remoteAddress(), e.getMessage());
                        close(e.getMessage());
                    }
                }
            }, 5, java.util.concurrent.TimeUnit.MILLISECONDS);
            return;
        }
        WireCodec.Hello hello = WireCodec.readHello(p.payload);
        String refusal = hello.incompatibility(transport.context.poolName(), transport.context.registrationHash());
        if (refusal == null && outgoing != null && !hello.node().equals(peer)) {
            refusal = "expected node " + peer + " at that address, found " + hello.node();
        }
        if (refusal != null) {
            log.warn("refusing connection from {}: {}", channel.remoteAddress(), refusal);
            if (outgoing != null) {
                outgoing.completeExceptionally(new ConnectionRefusedException(refusal));
            } else {
                channel.writeAndFlush(WireCodec.encode(channel.alloc(), new Packet(Packet.REJECT, (byte) 0, 0, 0, 0,
                        ByteBuffer.wrap(refusal.getBytes(StandardCharsets.UTF_8)))))
                        .addListener(ChannelFutureListener.CLOSE);
                return;
            }
            close(refusal);
            return;
        }
        if (outgoing == null) {
            if (!transport.takesIncoming(hello.node())) {
                channel.writeAndFlush(WireCodec.encode(channel.alloc(), Packet.control(Packet.REJECT, 0, 0, YIELD)))
                        .addListener(ChannelFutureListener.CLOSE);
                return;
            }
            peer = hello.node();
            established = true;
            write(hello());
            transport.accepted(this);
        } else {
            established = true;
            if (!outgoing.complete(this)) {
                // the peer's connection arrived first and already serves as the link: one per pair
                close("duplicate connection");
            }
        }
    }

    @Override
    public void send(Packet packet) throws IplException {
        if (!channel.isActive()) {
            packet.releasePooled();
            throw new IplException("connection to " + peer + " is closed"
                    + (closeReason == null ? "" : ": " + closeReason));
        }
        write(packet);
    }

    private void write(Packet p) {
        ByteBuf out;
        if (p.payloadLength() <= COPY_LIMIT) {
            out = WireCodec.encodeHeader(channel.alloc(), p);
            out.writeBytes(p.payload.duplicate());
            p.releasePooled();
        } else if (p.pooled != null) {
            // one gathering write of header and payload; Netty releases both once written or failed
            out = Unpooled.wrappedBuffer(WireCodec.encodeHeader(channel.alloc(), p), p.pooled);
        } else {
            out = WireCodec.encode(channel.alloc(), p);
        }
        channel.writeAndFlush(out, channel.voidPromise());
    }

    @Override
    public ByteBufAllocator pooledAllocator() {
        return channel.alloc();
    }

    @Override
    public boolean isOpen() {
        return channel.isActive();
    }

    @Override
    public void close(String reason) {
        if (closeReason == null) {
            closeReason = reason;
        }
        channel.close();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        if (cause instanceof java.io.IOException) {
            log.info("connection with {} ({}) lost: {}", peer, channel.remoteAddress(), cause.toString());
        } else {
            log.warn("closing connection with {} ({}): {}", peer, channel.remoteAddress(), cause.toString());
        }
        close(cause.toString());
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        if (outgoing != null && !outgoing.isDone() && !yielded) {
            outgoing.completeExceptionally(new ConnectionRefusedException("connection to " + peer
                    + " closed during the handshake" + (closeReason == null ? "" : ": " + closeReason)));
        }
        if (established) {
            transport.closed(this);
            transport.context.handler().linkClosed(this,
                    new IplException(closeReason == null ? "connection closed by peer" : closeReason));
        }
    }

    @Override
    public String toString() {
        return "TcpLink[" + peer + " " + channel.remoteAddress() + "]";
    }
}
