package satin.cli.bench.ipl;

import java.net.InetSocketAddress;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import io.netty.bootstrap.Bootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.WriteBufferWaterMark;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.codec.LengthFieldBasedFrameDecoder;

import satin.ipl.spi.DaemonThreadFactory;

/**
 * The baseline: a minimal length-prefixed echo over Netty on loopback, with what any application needs
 * and nothing more. The receiver copies each frame into a fresh array (an application wants its data),
 * and the client hands replies to the calling thread through a queue, as the IPL's explicit receive does.
 * A streaming sender waits while the channel is not writable (4 MiB high-water mark, like the IPL's
 * default flow window), as any sender must that does not want to buffer without bound.
 * Frames are {@code int length, byte kind, payload}; kind 0 = echo it, 1 = stream (count it), 2 = ack.
 */
final class RawNettyEcho implements EchoPair {
    /** One group per side, like the two IPL nodes it is compared with (each has its own threads). */
    private final EventLoopGroup serverGroup = new NioEventLoopGroup(2, new DaemonThreadFactory("bench-netty-server"));
    private final EventLoopGroup clientGroup = new NioEventLoopGroup(2, new DaemonThreadFactory("bench-netty-client"));
    private final Channel server;
    private final Channel client;
    private final BlockingQueue<byte[]> replies = new LinkedBlockingQueue<>();
    private final Object writable = new Object();

    RawNettyEcho() throws InterruptedException {
        server = new ServerBootstrap().group(serverGroup).channel(NioServerSocketChannel.class)
                .childOption(ChannelOption.TCP_NODELAY, true)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        ch.pipeline().addLast(new LengthFieldBasedFrameDecoder(64 << 20, 0, 4, 0, 4), new ServerSide());
                    }
                }).bind(new InetSocketAddress("127.0.0.1", 0)).sync().channel();
        client = new Bootstrap().group(clientGroup).channel(NioSocketChannel.class)
                .option(ChannelOption.TCP_NODELAY, true)
                .option(ChannelOption.WRITE_BUFFER_WATER_MARK, new WriteBufferWaterMark(2 << 20, 4 << 20))
                .handler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        ch.pipeline().addLast(new LengthFieldBasedFrameDecoder(64 << 20, 0, 4, 0, 4), new ClientSide());
                    }
                }).connect(server.localAddress()).sync().channel();
    }

    private static ByteBuf frame(Channel ch, int kind, byte[] payload) {
        ByteBuf header = ch.alloc().buffer(5);
        header.writeInt(payload.length + 1);
        header.writeByte(kind);
        return payload.length == 0 ? header : Unpooled.wrappedBuffer(header, Unpooled.wrappedBuffer(payload));
    }

    private static byte[] copy(ByteBuf frame) {
        byte[] data = new byte[frame.readableBytes()];
        frame.readBytes(data);
        return data;
    }

    private static final class ServerSide extends ChannelInboundHandlerAdapter {
        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            ByteBuf f = (ByteBuf) msg;
            try {
                int kind = f.readByte();
                byte[] data = copy(f);
                if (kind == 0) {
                    ctx.writeAndFlush(frame(ctx.channel(), 0, data));
                } else if (kind == 2) {
                    ctx.writeAndFlush(frame(ctx.channel(), 2, new byte[1]));
                }
            } finally {
                f.release();
            }
        }
    }

    private final class ClientSide extends ChannelInboundHandlerAdapter {
        @Override
        public void channelWritabilityChanged(ChannelHandlerContext ctx) {
            synchronized (writable) {
                writable.notifyAll();
            }
            ctx.fireChannelWritabilityChanged();
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            ByteBuf f = (ByteBuf) msg;
            try {
                f.readByte();
                replies.add(copy(f));
            } finally {
                f.release();
            }
        }
    }

    @Override
    public void roundTrip(byte[] payload) throws Exception {
        client.writeAndFlush(frame(client, 0, payload));
        byte[] back = replies.poll(60, TimeUnit.SECONDS);
        if (back == null || back.length != payload.length) {
            throw new IllegalStateException("echo failed");
        }
    }

    @Override
    public void stream(byte[] payload, int count) throws Exception {
        for (int i = 0; i < count; i++) {
            synchronized (writable) {
                while (!client.isWritable() && client.isActive()) {
                    writable.wait(100);
                }
            }
            client.writeAndFlush(frame(client, i == count - 1 ? 2 : 1, payload));
        }
        if (replies.poll(120, TimeUnit.SECONDS) == null) {
            throw new IllegalStateException("no stream acknowledgement");
        }
    }

    @Override
    public void close() {
        client.close().syncUninterruptibly();
        server.close().syncUninterruptibly();
        clientGroup.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
        serverGroup.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }
}
