package satin.ipl.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetSocketAddress;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;
import io.netty.channel.socket.DatagramPacket;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import satin.ipl.Location;
import satin.ipl.udp.FaultInjector;
import satin.ipl.udp.protocol.DropReason;
import satin.ipl.udp.protocol.EndpointListener;
import satin.ipl.udp.protocol.PeerLostException;
import satin.ipl.udp.protocol.UdpEndpoint;
import satin.ipl.udp.protocol.UdpEndpointBuilder;

/**
 * udp endpoints guarded by {@link DatagramSecurity}, over real sockets: the key exchange, and what becomes of
 * forged, altered and replayed datagrams (dropped and counted, while the reliable stream delivers everything
 * exactly once).
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class UdpSecurityTest {
    private static final int MESSAGES = 200;

    /** Collects messages and lost peers. */
    static final class Inbox implements EndpointListener {
        final LinkedBlockingQueue<byte[]> messages = new LinkedBlockingQueue<>();
        final CompletableFuture<PeerLostException> lost = new CompletableFuture<>();

        @Override
        public void onMessage(InetSocketAddress from, byte[] message) {
            messages.add(message);
        }

        @Override
        public void onPeerLost(InetSocketAddress peer, PeerLostException cause) {
            lost.complete(cause);
        }
    }

    private static UdpEndpoint endpoint(Inbox inbox, PoolSecurity security, String location,
            Supplier<ChannelHandler> filter) throws Exception {
        UdpEndpointBuilder b = UdpEndpoint.builder(inbox);
        if (security != null) {
            b.guard(new DatagramSecurity(security, "pool", () -> Location.parse(location)));
        }
        if (filter != null) {
            b.outboundFilter(filter);
        }
        return b.open();
    }

    private static PoolSecurity security(java.nio.file.Path secret, EncryptionPolicy policy) {
        return TestSecrets.security(secret, policy);
    }

    /** Sends MESSAGES numbered messages from a to b and checks b gets each exactly once, in order. */
    private static void exchange(UdpEndpoint a, UdpEndpoint b, Inbox inbox) throws Exception {
        CompletableFuture<?> last = null;
        for (int i = 0; i < MESSAGES; i++) {
            byte[] m = new byte[1 + (i * 97) % 3000];
            m[0] = (byte) i;
            last = a.send(b.localAddress(), m);
        }
        last.get(60, TimeUnit.SECONDS);
        for (int i = 0; i < MESSAGES; i++) {
            byte[] m = inbox.messages.poll(30, TimeUnit.SECONDS);
            assertEquals((byte) i, m[0], "message " + i);
            assertEquals(1 + (i * 97) % 3000, m.length);
        }
        assertNull(inbox.messages.poll(), "nothing delivered twice");
    }

    @Test
    void endpointsWithTheSecretAgreeOnKeysAndTalkEncryptedOrOnlyAuthenticated() throws Exception {
        java.nio.file.Path secret = TestSecrets.newFile();
        for (EncryptionPolicy policy : EncryptionPolicy.values()) {
            Inbox ia = new Inbox();
            Inbox ib = new Inbox();
            try (UdpEndpoint a = endpoint(ia, security(secret, policy), "a@c1", null);
                    UdpEndpoint b = endpoint(ib, security(secret, policy), "b@c2", null)) {
                exchange(a, b, ib);
                exchange(b, a, ia);
                assertEquals(0, a.drops().total() + b.drops().total(), policy + ": nothing dropped");
            }
        }
    }

    @Test
    void aWrongSecretIsRefusedAtOnceOnBothSides() throws Exception {
        Inbox ia = new Inbox();
        Inbox ib = new Inbox();
        try (UdpEndpoint a = endpoint(ia, security(TestSecrets.newFile(), EncryptionPolicy.ALL), "a@c", null);
                UdpEndpoint b = endpoint(ib, security(TestSecrets.newFile(), EncryptionPolicy.ALL), "b@c", null)) {
            CompletableFuture<Void> sent = a.send(b.localAddress(), new byte[] {42});
            ExecutionException e = org.junit.jupiter.api.Assertions.assertThrows(ExecutionException.class,
                    () -> sent.get(20, TimeUnit.SECONDS));
            assertTrue(e.getCause().getMessage().contains("the pool secrets differ"), e.getCause().getMessage());
            assertTrue(ia.lost.get(20, TimeUnit.SECONDS).getMessage().contains("refused"));
            assertTrue(b.drops().count(DropReason.FORGED) >= 1, "the refusing side counted the forged exchange");
            assertNull(ib.messages.poll(), "nothing delivered");
        }
    }

    @Test
    void anUnauthenticatedEndpointGetsNothingIn() throws Exception {
        Inbox ia = new Inbox();
        Inbox ib = new Inbox();
        try (UdpEndpoint plain = endpoint(ia, null, "a@c", null);
                UdpEndpoint b = endpoint(ib, security(TestSecrets.newFile(), EncryptionPolicy.ALL), "b@c", null)) {
            plain.send(b.localAddress(), new byte[] {1});
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (b.drops().count(DropReason.BAD_MAGIC) < 3 && System.nanoTime() < deadline) {
                Thread.sleep(10); // the plain sender retransmits until its peer timeout
            }
            assertTrue(b.drops().count(DropReason.BAD_MAGIC) >= 3, "every retransmission dropped");
            assertNull(ib.messages.poll(), "nothing delivered");
        }
    }

    @Test
    void replayedDatagramsAreDroppedAndCountedAndTheStreamIsIntact() throws Exception {
        java.nio.file.Path secret = TestSecrets.newFile();
        Inbox ia = new Inbox();
        Inbox ib = new Inbox();
        FaultInjector.Faults everyDatagramTwice = new FaultInjector.Faults(0, 1.0, 0, 0, 7);
        try (UdpEndpoint a = endpoint(ia, security(secret, EncryptionPolicy.ALL), "a@c",
                () -> new FaultInjector(everyDatagramTwice));
                UdpEndpoint b = endpoint(ib, security(secret, EncryptionPolicy.ALL), "b@c", null)) {
            exchange(a, b, ib);
            assertTrue(b.drops().count(DropReason.REPLAYED) >= MESSAGES,
                    "replays dropped: " + b.drops().count(DropReason.REPLAYED));
        }
    }

    @Test
    void alteredDatagramsAreDroppedAndCountedAndTheStreamIsIntact() throws Exception {
        java.nio.file.Path secret = TestSecrets.newFile();
        for (EncryptionPolicy policy : new EncryptionPolicy[] {EncryptionPolicy.ALL, EncryptionPolicy.NONE}) {
            Inbox ia = new Inbox();
            Inbox ib = new Inbox();
            try (UdpEndpoint a = endpoint(ia, security(secret, policy), "a@c", BitFlipper::new);
                    UdpEndpoint b = endpoint(ib, security(secret, policy), "b@c", null)) {
                exchange(a, b, ib);
                assertTrue(b.drops().count(DropReason.FORGED) > 0, policy + ": altered datagrams dropped");
            }
        }
    }

    /** Flips one byte in every fifth sealed datagram after the key exchange (the retransmission is left intact). */
    static final class BitFlipper extends ChannelDuplexHandler {
        private int seen;

        @Override
        public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
            if (msg instanceof DatagramPacket d && d.content().getUnsignedShort(d.content().readerIndex())
                    == SealedLink.MAGIC && ++seen % 5 == 0) {
                ByteBuf c = d.content();
                int at = c.readerIndex() + SealedLink.HEADER + (seen % Math.max(1, c.readableBytes()
                        - SealedLink.HEADER));
                c.setByte(at, c.getByte(at) ^ 0x20);
            }
            ctx.write(msg, promise);
        }
    }

    @Test
    void theReplayWindowAcceptsEachNumberOnceAndRefusesTheTooOld() {
        ReplayWindow w = new ReplayWindow();
        for (long s : new long[] {0, 2, 1, 5000, 4999, 5000 - ReplayWindow.SIZE + 1}) {
            assertTrue(w.fresh(s), "fresh " + s);
            w.record(s);
            assertTrue(!w.fresh(s), "seen " + s);
        }
        assertTrue(!w.fresh(5000 - ReplayWindow.SIZE), "below the window");
        assertTrue(!w.fresh(2), "long gone");
        assertTrue(w.fresh(4000));
    }
}
