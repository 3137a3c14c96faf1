package satin.ipl.fuzz;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;

import com.code_intelligence.jazzer.junit.FuzzTest;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.embedded.EmbeddedChannel;

import satin.ipl.Location;
import satin.ipl.security.AuthenticationException;
import satin.ipl.security.DatagramSecurity;
import satin.ipl.security.EncryptionPolicy;
import satin.ipl.security.PeerAuthenticator;
import satin.ipl.security.PoolSecret;
import satin.ipl.security.PoolSecurity;
import satin.ipl.udp.protocol.DatagramGuard;
import satin.ipl.udp.protocol.DropLog;

/**
 * Coverage-guided fuzzing of the two handshakes that admit a peer: the stream authentication
 * ({@link PeerAuthenticator}, both roles, fed the input as the peer's bytes) and the udp key exchange
 * ({@link DatagramSecurity#open}, fed the input as a datagram). Contract: the input is refused (an
 * {@link AuthenticationException}, a closed channel, a counted drop) or awaited, never accepted (nobody without
 * the secret can compute a proof), and nothing else is thrown.
 */
class SecurityHandshakeFuzzTest {
    private static final PoolSecurity SECURITY = security();

    private static PoolSecurity security() {
        try {
            return PoolSecurity.of(PoolSecret.of("a fixed secret for fuzzing".getBytes()), EncryptionPolicy.NONE);
        } catch (satin.ipl.IplException e) {
            throw new IllegalStateException(e);
        }
    }

    @FuzzTest(maxDuration = "60s")
    void streamAuthentication(byte[] peerBytes) {
        Allocation.bounded(peerBytes.length, 64, () -> {
            check(PeerAuthenticator.Role.ACCEPTOR, peerBytes);
            check(PeerAuthenticator.Role.CONNECTOR, peerBytes);
        });
    }

    private static void check(PeerAuthenticator.Role role, byte[] peerBytes) {
        boolean[] authenticated = new boolean[1];
        EmbeddedChannel ch = new EmbeddedChannel(SECURITY.authenticator(role, "fuzz"),
                new ChannelInboundHandlerAdapter() {
                    @Override
                    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
                        authenticated[0] |= evt == PeerAuthenticator.Event.AUTHENTICATED;
                    }

                    @Override
                    public void channelRead(ChannelHandlerContext ctx, Object msg) {
                        io.netty.util.ReferenceCountUtil.release(msg);
                    }
                });
        try {
            ch.writeInbound(Unpooled.wrappedBuffer(peerBytes));
            ch.checkException();
        } catch (Exception refused) { // checkException rethrows what the handler raised, checked or not
            org.junit.jupiter.api.Assertions.assertTrue(refused instanceof AuthenticationException, refused::toString);
            assertNotNull(refused.getMessage());
        } finally {
            for (Object out; (out = ch.readOutbound()) != null; ) {
                io.netty.util.ReferenceCountUtil.release(out);
            }
            ch.finishAndReleaseAll();
        }
        assertFalse(authenticated[0], "authenticated by bytes made without the secret");
    }

    @FuzzTest(maxDuration = "60s")
    void udpKeyExchange(byte[] datagram) {
        Allocation.bounded(datagram.length, 64, () -> {
            DatagramSecurity guard = new DatagramSecurity(SECURITY, "fuzz", () -> Location.parse("me@c"));
            List<ByteBuf> sent = new ArrayList<>();
            DropLog drops = new DropLog();
            guard.attach(new DatagramGuard.Port() {
                @Override
                public void transmit(ByteBuf d, InetSocketAddress to) {
                    sent.add(d);
                }

                @Override
                public void refused(InetSocketAddress peer, String reason) {
                    assertNotNull(reason);
                }

                @Override
                public DropLog drops() {
                    return drops;
                }
            });
            InetSocketAddress from = new InetSocketAddress("127.0.0.1", 9);
            ByteBuf in = Unpooled.wrappedBuffer(datagram);
            try {
                assertNull(guard.open(in, from), "a packet opened without a link");
            } finally {
                in.release();
                sent.forEach(ByteBuf::release);
                guard.close();
            }
        });
    }
}
