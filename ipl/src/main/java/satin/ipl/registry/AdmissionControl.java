package satin.ipl.registry;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.LongSupplier;

import io.netty.channel.ChannelHandler.Sharable;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The first handler of every registry connection: a token bucket per source address ({@link
 * RegistryLimits#joinsPerSecond()}, {@link RegistryLimits#joinBurst()}) decides whether the connection is
 * served at all. A connection over the rate is told so ({@link RateLimitRefusal}: a member's error names the rate
 * limit, and its join may be tried again) and closed at once, before TLS or authentication cost anything, and
 * counted; refusals are logged at most once per second. Connections already admitted are never touched: the rate
 * limits new connections only, so a flood from a member's own address cannot cut off a member that joined. The table of buckets is bounded: full buckets (idle
 * addresses) are forgotten first. One instance per server, shared by its connections; thread-safe (a monitor).
 */
@Sharable
final class AdmissionControl extends ChannelInboundHandlerAdapter {
    private static final Logger log = LoggerFactory.getLogger(AdmissionControl.class);
    private static final int MAX_ADDRESSES = 65_536;

    private final RegistryLimits limits;
    private final LongSupplier nanoClock;
    private final Map<InetAddress, double[]> buckets = new LinkedHashMap<>();
    private long refused;
    private long lastLogNanos;

    AdmissionControl(RegistryLimits limits, LongSupplier nanoClock) {
        this.limits = limits;
        this.nanoClock = nanoClock;
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        if (admit(ctx.channel().remoteAddress())) {
            ctx.fireChannelActive();
        } else {
            // the refusal names itself (before any TLS: nothing else was said on this connection), then the close
            String from = ctx.channel().remoteAddress() instanceof InetSocketAddress a
                    ? a.getAddress().getHostAddress() : String.valueOf(ctx.channel().remoteAddress());
            ctx.writeAndFlush(RateLimitRefusal.encode(ctx.alloc(), "more than " + limits.joinsPerSecond()
                    + " joins per second from " + from + " (the registry's rate limit per address, burst "
                    + limits.joinBurst() + "); try again later"))
                    .addListener(io.netty.channel.ChannelFutureListener.CLOSE);
        }
    }

    /** Takes a token from the address's bucket; false (and counted) if it is empty. */
    synchronized boolean admit(SocketAddress remote) {
        if (!(remote instanceof InetSocketAddress inet)) {
            return true;
        }
        long now = nanoClock.getAsLong();
        // bucket = {tokens, time of last refill}
        double[] bucket = buckets.computeIfAbsent(inet.getAddress(), a -> new double[] {limits.joinBurst(), now});
        bucket[0] = Math.min(limits.joinBurst(), bucket[0] + (now - bucket[1]) / 1e9 * limits.joinsPerSecond());
        bucket[1] = now;
        if (buckets.size() > MAX_ADDRESSES) {
            forgetFullBuckets(now);
        }
        if (bucket[0] >= 1) {
            bucket[0] -= 1;
            return true;
        }
        refused++;
        if (now - lastLogNanos > 1_000_000_000L) {
            lastLogNanos = now;
            log.warn("refusing connections from {}: more than {} joins per second (burst {}); {} refused so far",
                    inet.getAddress().getHostAddress(), limits.joinsPerSecond(), limits.joinBurst(), refused);
        }
        return false;
    }

    private void forgetFullBuckets(long now) {
        for (Iterator<double[]> it = buckets.values().iterator(); it.hasNext() && buckets.size() > MAX_ADDRESSES / 2; ) {
            double[] b = it.next();
            if (b[0] + (now - b[1]) / 1e9 * limits.joinsPerSecond() >= limits.joinBurst()) {
                it.remove();
            }
        }
    }

    /** Connections refused for exceeding the rate so far. */
    synchronized long refused() {
        return refused;
    }
}
