package satin.ipl.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import satin.ipl.IplConfig;
import satin.ipl.IplException;
import satin.ipl.IplProperties;
import satin.ipl.Node;
import satin.ipl.PortCapability;
import satin.ipl.PortType;
import satin.ipl.ReadMessage;
import satin.ipl.ReceivePort;
import satin.ipl.SendPort;
import satin.ipl.WriteMessage;
import satin.ipl.leaks.Tracked;
import satin.ipl.local.LocalNetwork;
import satin.ipl.start.Ipl;

/**
 * A send port whose connection breaks without it closing it ({@link SendPortImpl#channelBroken}): the
 * connection leaves {@code connectedTo()} at once, the next message reports why it was not delivered there,
 * and the same target can be connected again.
 */
class BrokenChannelTest {
    private static final PortType TYPE = PortType.of(PortCapability.ONE_TO_ONE, PortCapability.RELIABLE,
            PortCapability.FIFO, PortCapability.EXPLICIT_RECEIPT, PortCapability.SERIALIZATION_DATA);

    private Node sender;
    private Node receiver;

    @BeforeEach
    void start() throws IOException {
        LocalNetwork network = new LocalNetwork();
        IplConfig config = IplConfig.builder().set(IplProperties.IMPLEMENTATION, "local").build();
        sender = Ipl.node(config).localNetwork(network).portTypes(TYPE).start();
        receiver = Ipl.node(config).localNetwork(network).portTypes(TYPE).start();
    }

    @AfterEach
    void close() throws IOException {
        sender.close();
        receiver.close();
    }

    private static void send(SendPort out, int value) throws IOException {
        WriteMessage w = out.newMessage();
        w.writeInt(value);
        w.finish();
    }

    private static int receive(ReceivePort in) throws IOException {
        ReadMessage m = in.receive(10_000);
        int v = m.readInt();
        m.finish();
        return v;
    }

    @Test
    void aClosedReceivePortLeavesConnectedToAndIsReportedByTheNextMessage() throws Exception {
        ReceivePort in = receiver.createReceivePort(TYPE, "in");
        SendPort out = sender.createSendPort(TYPE, "out");
        out.connect(in.identifier());
        send(out, 1);
        assertEquals(1, receive(in));

        in.close();
        Tracked.await(() -> out.connectedTo().isEmpty(), 10, "the sender hears that the port closed");
        IplException lost = assertThrows(IplException.class, () -> send(out, 2));
        assertTrue(lost.getMessage().contains(in.identifier() + ": receive port " + in.identifier() + " was closed"),
                lost.getMessage());
        IplException after = assertThrows(IplException.class, () -> send(out, 3));
        assertTrue(after.getMessage().contains("not connected"), after.getMessage());

        ReceivePort again = receiver.createReceivePort(TYPE, "in");
        out.connect(again.identifier());
        send(out, 4);
        assertEquals(4, receive(again));
    }

    @Test
    void disconnectingABrokenConnectionIsNoError() throws Exception {
        ReceivePort in = receiver.createReceivePort(TYPE, "in");
        SendPort out = sender.createSendPort(TYPE, "out");
        out.connect(in.identifier());
        in.close();
        Tracked.await(() -> out.connectedTo().isEmpty(), 10, "the sender hears that the port closed");
        out.disconnect(in.identifier());
        assertThrows(IplException.class, () -> out.disconnect(in.identifier()), "a second disconnect");
        IplException next = assertThrows(IplException.class, () -> send(out, 1));
        assertTrue(next.getMessage().contains("not connected"), "nothing left to report: " + next.getMessage());
    }

    @Test
    void aLinkThatEndsBreaksItsConnections() throws Exception {
        ReceivePort in = receiver.createReceivePort(TYPE, "in");
        SendPort out = sender.createSendPort(TYPE, "out");
        out.connect(in.identifier());
        receiver.close();
        Tracked.await(() -> out.connectedTo().isEmpty(), 10, "the sender hears that the link closed");
        IplException lost = assertThrows(IplException.class, () -> send(out, 1));
        assertTrue(lost.getMessage().contains("closed"), lost.getMessage());
    }
}
