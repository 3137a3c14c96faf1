package satin.ipl.udp;

import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;
import io.netty.channel.socket.DatagramPacket;
import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * An outbound Netty handler that damages the datagram stream on purpose, for tests: each datagram is lost with
 * probability {@code loss}, otherwise sent twice with probability {@code duplicate}, and each copy is held back by
 * up to {@code maxDelayMillis} with probability {@code reorder} (so later datagrams overtake it). Decisions come
 * from a seeded generator; the handler is used on one event loop, so the sequence of decisions is reproducible.
 * A datagram it drops, or holds back until the channel closes, it releases.
 */
public final class FaultInjector extends ChannelDuplexHandler {

    /** Fault probabilities; see {@link FaultInjector}. */
    public record Faults(double loss, double duplicate, double reorder, int maxDelayMillis, long seed) {
        public Faults {
            check("loss", loss);
            check("duplicate", duplicate);
            check("reorder", reorder);
            if (maxDelayMillis < 0) {
                throw new IllegalArgumentException("maxDelayMillis must not be negative: " + maxDelayMillis);
            }
        }

        private static void check(String name, double p) {
            if (!(p >= 0 && p <= 1)) {
                throw new IllegalArgumentException(name + " must be a probability in [0, 1], got " + p);
            }
        }

        public static Faults none() {
            return new Faults(0, 0, 0, 0, 0);
        }

        /** A new seed for another endpoint, so two directions do not lose the same packets. */
        public Faults withSeed(long s) {
            return new Faults(loss, duplicate, reorder, maxDelayMillis, s);
        }
    }

    private final Faults faults;
    private final SplittableRandom random;
    private final AtomicLong dropped = new AtomicLong();
    private final AtomicLong duplicated = new AtomicLong();
    private final AtomicLong delayed = new AtomicLong();
    /** Datagrams held back and not yet written; the event loop's only, like every call of this handler. */
    private final Set<DatagramPacket> held = new HashSet<>();

    public FaultInjector(Faults faults) {
        this.faults = faults;
        this.random = new SplittableRandom(faults.seed());
    }

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
        if (!(msg instanceof DatagramPacket packet)) {
            ctx.write(msg, promise);
            return;
        }
        promise.trySuccess();
        if (random.nextDouble() < faults.loss()) {
            dropped.incrementAndGet();
            packet.release();
            return;
        }
        if (random.nextDouble() < faults.duplicate()) {
            duplicated.incrementAndGet();
            forward(ctx, packet.retainedDuplicate());
        }
        forward(ctx, packet);
    }

    private void forward(ChannelHandlerContext ctx, DatagramPacket packet) {
        if (faults.maxDelayMillis() > 0 && random.nextDouble() < faults.reorder()) {
            delayed.incrementAndGet();
            long delayMicros = 1 + random.nextLong(faults.maxDelayMillis() * 1000L);
            held.add(packet);
            ctx.executor().schedule(() -> {
                if (held.remove(packet)) {
                    ctx.writeAndFlush(packet, ctx.voidPromise());
                }
            }, delayMicros, TimeUnit.MICROSECONDS);
        } else {
            ctx.write(packet, ctx.voidPromise());
        }
    }

    /** The channel closed: a held-back datagram whose time never came is released here. */
    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) {
        for (DatagramPacket p : held) {
            p.release();
        }
        held.clear();
    }

    public long dropped() {
        return dropped.get();
    }

    public long duplicated() {
        return duplicated.get();
    }

    public long delayed() {
        return delayed.get();
    }
}
