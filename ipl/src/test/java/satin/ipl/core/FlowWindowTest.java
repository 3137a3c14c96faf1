package satin.ipl.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import satin.ipl.IplConfig;
import satin.ipl.IplProperties;
import satin.ipl.Location;
import satin.ipl.Node;
import satin.ipl.NodeIdentifier;
import satin.ipl.PortCapability;
import satin.ipl.PortType;
import satin.ipl.ReceivePort;
import satin.ipl.local.LocalNetwork;
import satin.ipl.spi.Packet;
import satin.ipl.spi.PacketHandler;
import satin.ipl.spi.PeerLink;
import satin.ipl.spi.WireFields;
import satin.ipl.start.Ipl;

/**
 * The receiver widens a channel's flow window when the window, not the application, held the sender back (a DATA
 * packet sent after waiting for credit, nothing delivered left untaken), up to {@link InChannel#GROWTH} times the
 * configured window; and the sender says when it waited.
 */
class FlowWindowTest {
    private static final PortType BYTES = PortType.of(PortCapability.ONE_TO_ONE, PortCapability.RELIABLE,
            PortCapability.FIFO, PortCapability.EXPLICIT_RECEIPT, PortCapability.SERIALIZATION_BYTES);
    private static final int WINDOW = 8192;
    private static final int CHANNEL = 3;
    private static final byte WHOLE = Packet.FLAG_FIRST | Packet.FLAG_LAST;

    private Node node;
    private ReceivePort in;
    private PacketHandler handler;
    private final CreditLink peer = new CreditLink(new NodeIdentifier("pool", "peer", Location.parse("p@q"), "local",
            new byte[0]));

    /** A fake peer's link that keeps the CREDIT grants the node sends on it. */
    private static final class CreditLink implements PeerLink {
        final NodeIdentifier id;
        final List<Integer> credits = new CopyOnWriteArrayList<>();

        CreditLink(NodeIdentifier id) {
            this.id = id;
        }

        @Override
        public NodeIdentifier peer() {
            return id;
        }

        @Override
        public void send(Packet packet) {
            if (packet.type == Packet.CREDIT) {
                credits.add(packet.aux);
            }
            packet.release();
        }

        @Override
        public boolean isOpen() {
            return true;
        }

        @Override
        public void close(String reason) {
        }
    }

    @BeforeEach
    void start() throws IOException {
        IplConfig config = IplConfig.builder().set(IplProperties.IMPLEMENTATION, "local")
                .set(IplProperties.FLOW_WINDOW, WINDOW).build();
        node = Ipl.node(config).localNetwork(new LocalNetwork()).portTypes(BYTES).start();
        in = node.createReceivePort(BYTES, "in");
        handler = ((NodeImpl) node).packetHandler();
        ByteBuf names = Unpooled.buffer();
        WireFields.writeString(names, "in");
        WireFields.writeString(names, "out");
        handler.received(peer, new Packet(Packet.CONNECT, (byte) 0, CHANNEL, BYTES.bits(), 0, names));
    }

    @AfterEach
    void close() throws IOException {
        node.close();
    }

    private void data(int flags, int size) throws Exception {
        handler.received(peer, new Packet(Packet.DATA, (byte) flags, CHANNEL, ((ReceivePortImpl) in).number, size,
                Unpooled.buffer(size).writeZero(size)));
    }

    @Test
    void aSenderHeldBackByTheWindowWhileTheApplicationKeepsUpGetsItDoubled() throws Exception {
        data(WHOLE | Packet.FLAG_CREDIT_WAITED, 100);
        assertEquals(List.of(WINDOW), peer.credits, "a window's worth of extra credit, at once");
        in.receive(10_000).finish();
        data(WHOLE | Packet.FLAG_CREDIT_WAITED, 100);
        assertEquals(List.of(WINDOW, 2 * WINDOW), peer.credits, "doubled again");
    }

    @Test
    void aReceiverWhoseApplicationLagsKeepsItsWindow() throws Exception {
        data(WHOLE, 100); // delivered, not taken
        data(WHOLE | Packet.FLAG_CREDIT_WAITED, 100);
        assertEquals(List.of(), peer.credits, "the window bounds what the lagging receiver buffers");
        in.receive(10_000).finish();
        in.receive(10_000).finish();
        data(WHOLE, 100);
        assertEquals(List.of(), peer.credits, "without the flag, no widening");
    }

    @Test
    void theWindowWidensToItsBoundAndNoFurther() throws Exception {
        int granted = WINDOW;
        for (int i = 0; i < 10; i++) {
            data(WHOLE | Packet.FLAG_CREDIT_WAITED, 10);
            in.receive(10_000).finish();
        }
        for (int extra : peer.credits) {
            granted += extra;
        }
        // the credits of the taken messages themselves stay below a batch (a quarter of the first window)
        assertEquals(InChannel.GROWTH * WINDOW, granted);
    }

    @Test
    void creditGateSaysWhetherTheSenderWaited() throws Exception {
        CreditGate gate = new CreditGate();
        gate.grant(100);
        assertFalse(gate.acquire(60), "credit was there");
        CompletableFuture<Boolean> waited = new CompletableFuture<>();
        Thread sender = new Thread(() -> {
            try {
                waited.complete(gate.acquire(60));
            } catch (Exception e) {
                waited.completeExceptionally(e);
            }
        });
        sender.start();
        while (sender.getState() != Thread.State.WAITING && !waited.isDone()) {
            Thread.onSpinWait();
        }
        gate.grant(100);
        assertTrue(waited.get(10, TimeUnit.SECONDS), "it had to wait for the grant");
    }
}
