package satin.ipl.security;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;
import io.netty.channel.socket.DatagramPacket;
import io.netty.util.ReferenceCountUtil;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import satin.ipl.Location;
import satin.ipl.udp.protocol.DropReason;
import satin.ipl.udp.protocol.UdpEndpoint;

/**
 * The reply to a key exchange is lost on a lossy network, and the responder, which has its link already, sends its
 * first sealed datagram: the initiator drops it, as it must (it has no keys yet), but as an expected drop, not as
 * the warning a forged packet or a restarted peer deserves. The responder's filter drops every REPLY until its own
 * first sealed datagram is on the wire, so that datagram reaches the initiator before any reply does.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class LostReplyTest {

    /** Drops this socket's key-exchange replies until it has written a sealed datagram. */
    static final class ReplyDropper extends ChannelDuplexHandler {
        final CompletableFuture<Void> replyDropped = new CompletableFuture<>();
        private boolean sealedWritten;

        @Override
        public void write(ChannelHandlerContext c, Object msg, ChannelPromise promise) {
            if (msg instanceof DatagramPacket d) {
                ByteBuf b = d.content();
                boolean exchange = b.readableBytes() > 3
                        && b.getUnsignedShort(b.readerIndex()) == KeyExchangeCodec.MAGIC;
                if (exchange && b.getByte(b.readerIndex() + 2) == KeyExchange.REPLY && !sealedWritten) {
                    ReferenceCountUtil.release(msg);
                    promise.setSuccess();
                    replyDropped.complete(null);
                    return;
                }
                sealedWritten |= !exchange;
            }
            c.write(msg, promise);
        }
    }

    @Test
    void aSealedDatagramBeforeTheReplyIsAnExpectedDrop() throws Exception {
        PoolSecurity security = TestSecrets.security(TestSecrets.newFile(), EncryptionPolicy.ALL);
        UdpSecurityTest.Inbox ia = new UdpSecurityTest.Inbox();
        UdpSecurityTest.Inbox ib = new UdpSecurityTest.Inbox();
        ReplyDropper dropper = new ReplyDropper();
        try (UdpEndpoint a = UdpEndpoint.builder(ia)
                .guard(new DatagramSecurity(security, "pool", () -> Location.parse("a@c"))).open();
                UdpEndpoint b = UdpEndpoint.builder(ib)
                        .guard(new DatagramSecurity(security, "pool", () -> Location.parse("b@c")))
                        .outboundFilter(() -> dropper).open()) {
            CompletableFuture<Void> fromA = a.send(b.localAddress(), new byte[] {1});
            dropper.replyDropped.get(20, TimeUnit.SECONDS); // b answered a's exchange; a did not hear it
            CompletableFuture<Void> fromB = b.send(a.localAddress(), new byte[] {2});
            assertArrayEquals(new byte[] {1}, ib.messages.poll(20, TimeUnit.SECONDS));
            assertArrayEquals(new byte[] {2}, ia.messages.poll(20, TimeUnit.SECONDS));
            fromA.get(20, TimeUnit.SECONDS);
            fromB.get(20, TimeUnit.SECONDS);
            assertTrue(a.drops().count(DropReason.BEFORE_REPLY) > 0, "b's first sealed datagram came before a reply");
            assertEquals(0, a.drops().count(DropReason.NO_LINK), "no datagram counted as for an unknown link");
            assertTrue(DropReason.BEFORE_REPLY.expected(), "a drop that correct runs see is no warning");
        }
    }
}
