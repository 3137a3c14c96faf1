package satin.ipl.udp.protocol;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** What the sender learns when its peer disappears or restarts. */
class PeerLossTest {
    private static final ProtocolConfig SHORT_TIMEOUT = ProtocolConfig.defaults()
            .withRto(Duration.ofMillis(50), Duration.ofMillis(20), Duration.ofMillis(200))
            .withPeerTimeout(Duration.ofSeconds(1));

    /** Records peer-loss notifications. */
    private static final class LossListener implements EndpointListener {
        final LinkedBlockingQueue<PeerLostException> lost = new LinkedBlockingQueue<>();

        @Override
        public void onMessage(InetSocketAddress from, byte[] message) {}

        @Override
        public void onPeerLost(InetSocketAddress peer, PeerLostException cause) {
            lost.add(cause);
        }
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void silentPeerFailsOutstandingMessagesAfterThePeerTimeout() throws Exception {
        LossListener listener = new LossListener();
        InetSocketAddress nobody;
        try (UdpEndpoint gone = UdpEndpoint.builder(new Collector()).open()) {
            nobody = gone.localAddress();
        }
        try (UdpEndpoint a = UdpEndpoint.builder(listener).config(SHORT_TIMEOUT).open()) {
            CompletableFuture<Void> f = a.send(nobody, new byte[5000]);
            ExecutionException e = assertThrows(ExecutionException.class, f::get);
            assertInstanceOf(PeerLostException.class, e.getCause());
            assertEquals(nobody, listener.lost.take().peer());
        }
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void restartedPeerIsDetectedAndANewStreamStarts() throws Exception {
        LossListener listener = new LossListener();
        try (UdpEndpoint a = UdpEndpoint.builder(listener).config(SHORT_TIMEOUT).open()) {
            // The restart reuses the first incarnation's port; another process on a shared machine may take
            // that port in between, and then the restart cannot be staged on it: try a fresh port.
            for (int attempt = 1; ; attempt++) {
                InetSocketAddress address;
                Collector first = new Collector();
                try (UdpEndpoint b = UdpEndpoint.builder(first).open()) {
                    address = b.localAddress();
                    a.send(address, new byte[] {1}).get();
                    assertEquals(1, first.messages().size());
                }
                Collector second = new Collector();
                UdpEndpoint b2;
                try {
                    b2 = UdpEndpoint.builder(second).bind(address).open();
                } catch (IOException | RuntimeException portTaken) {
                    if (attempt < 3 && hasCause(portTaken, BindException.class)) {
                        listener.lost.clear();
                        continue;
                    }
                    throw portTaken;
                }
                try (b2) {
                    CompletableFuture<Void> midStream = a.send(address, new byte[] {2});
                    ExecutionException e = assertThrows(ExecutionException.class, midStream::get);
                    assertInstanceOf(PeerLostException.class, e.getCause());
                    assertEquals(address, listener.lost.take().peer());
                    a.send(address, new byte[] {3}).get();
                    assertEquals(1, second.messages().size(), "the new incarnation sees only the new stream");
                    assertArrayEquals(new byte[] {3}, second.messages().get(0));
                }
                return;
            }
        }
    }

    private static boolean hasCause(Throwable t, Class<? extends Throwable> type) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (type.isInstance(c)) {
                return true;
            }
        }
        return false;
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void fullSessionTableRefusesNewPeersButKeepsServingKnownOnes() throws Exception {
        Collector atB = new Collector();
        try (UdpEndpoint b = UdpEndpoint.builder(atB).config(ProtocolConfig.defaults().withMaxPeers(1)).open();
             UdpEndpoint a = UdpEndpoint.builder(new Collector()).open();
             UdpEndpoint c = UdpEndpoint.builder(new LossListener()).config(SHORT_TIMEOUT).open()) {
            a.send(b.localAddress(), new byte[] {1}).get();
            ExecutionException e = assertThrows(ExecutionException.class,
                    () -> c.send(b.localAddress(), new byte[] {2}).get());
            assertInstanceOf(PeerLostException.class, e.getCause());
            a.send(b.localAddress(), new byte[] {3}).get();
            assertEquals(2, atB.messages().size());
            assertEquals(true, b.drops().count(DropReason.TOO_MANY_PEERS) > 0);
        }
    }
}
