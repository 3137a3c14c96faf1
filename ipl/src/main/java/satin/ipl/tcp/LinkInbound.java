package satin.ipl.tcp;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import satin.ipl.IplException;
import satin.ipl.spi.Packet;
import satin.ipl.spi.ProtocolException;

/**
 * The inbound end of an established connection, put in place by the {@link Handshake}: hands every packet
 * to the core, which takes it over, closes the connection on a protocol error or a failure, and tells the
 * transport and the core when the connection ends.
 */
final class LinkInbound extends ChannelInboundHandlerAdapter {
    private static final Logger log = LoggerFactory.getLogger(LinkInbound.class);

    private final TcpTransport transport;
    private final TcpLink link;

    LinkInbound(TcpTransport transport, TcpLink link) {
        this.transport = transport;
        this.link = link;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        Packet p = (Packet) msg;
        if (p.type == Packet.HELLO) {
            p.release();
            refuse(ctx, "second HELLO");
            return;
        }
        try {
            transport.context.handler().received(link, p);
        } catch (ProtocolException e) {
            refuse(ctx, e.getMessage());
        }
    }

    private void refuse(ChannelHandlerContext ctx, String reason) {
        log.warn("closing connection with {} ({}): {}", link.peer(), ctx.channel().remoteAddress(), reason);
        link.close(reason);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        logFailure(String.valueOf(link.peer()), ctx, cause);
        link.close(cause.toString());
    }

    /** Logs why a connection is being closed: a lost connection is news, anything else a warning. */
    static void logFailure(String peer, ChannelHandlerContext ctx, Throwable cause) {
        if (cause instanceof java.io.IOException) {
            log.info("connection with {} ({}) lost: {}", peer, ctx.channel().remoteAddress(), cause.toString());
        } else {
            log.warn("closing connection with {} ({}): {}", peer, ctx.channel().remoteAddress(), cause.toString());
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        transport.closed(link);
        String reason = link.closeReason();
        transport.context.handler().linkClosed(link,
                new IplException(reason == null ? "connection closed by peer" : reason));
    }
}
