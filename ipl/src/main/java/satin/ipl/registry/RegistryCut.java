package satin.ipl.registry;

import java.util.ArrayDeque;

import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;
import io.netty.util.ReferenceCountUtil;

import satin.ipl.NetworkCut;

/**
 * A {@link NetworkCut} on a member's registry connection: while the cut lasts, the bytes this member writes (its
 * heartbeats, its requests) and the bytes it reads wait here, first in the pipeline, so that neither the server nor
 * this member's own heartbeat timeout sees any traffic: a cut longer than the heartbeat timeout makes the server
 * report the member dead and the member lose the registry, as a partition between them would. When the cut heals, the
 * held reads and writes pass on in their order (a shorter cut only delays the connection, as TCP would).
 *
 * <p>Threads: everything runs on the channel's event loop: the healing thread only schedules the release there.
 */
final class RegistryCut extends ChannelDuplexHandler {

    private record Write(Object message, ChannelPromise promise) {
    }

    private final NetworkCut cut;
    /** Event loop only. */
    private final ArrayDeque<Object> reads = new ArrayDeque<>();
    /** Event loop only. */
    private final ArrayDeque<Write> writes = new ArrayDeque<>();
    private volatile ChannelHandlerContext context;

    RegistryCut(NetworkCut cut) {
        this.cut = cut;
        cut.onHeal(() -> {
            ChannelHandlerContext ctx = context;
            if (ctx != null) {
                ctx.executor().execute(() -> release(ctx));
            }
        });
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        context = ctx;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (cut.isCut() || !reads.isEmpty()) {
            reads.add(msg);
            return;
        }
        ctx.fireChannelRead(msg);
    }

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
        if (cut.isCut() || !writes.isEmpty()) {
            writes.add(new Write(msg, promise));
            return;
        }
        ctx.write(msg, promise);
    }

    @Override
    public void flush(ChannelHandlerContext ctx) {
        if (writes.isEmpty()) {
            ctx.flush();
        }
    }

    private void release(ChannelHandlerContext ctx) {
        if (cut.isCut()) {
            return;
        }
        for (Write w; (w = writes.poll()) != null; ) {
            ctx.write(w.message, w.promise);
        }
        ctx.flush();
        for (Object m; (m = reads.poll()) != null; ) {
            ctx.fireChannelRead(m);
        }
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) {
        for (Object m; (m = reads.poll()) != null; ) {
            ReferenceCountUtil.release(m);
        }
        for (Write w; (w = writes.poll()) != null; ) {
            ReferenceCountUtil.release(w.message);
            w.promise.tryFailure(new java.io.IOException("registry connection closed during a network cut"));
        }
    }
}
