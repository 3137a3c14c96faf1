package satin.ipl.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import satin.ipl.ConnectionRefusedException;
import satin.ipl.ConnectionUpcall;
import satin.ipl.IplConfig;
import satin.ipl.IplProperties;
import satin.ipl.Node;
import satin.ipl.PortCapability;
import satin.ipl.PortType;
import satin.ipl.ReceivePort;
import satin.ipl.ReceivePortIdentifier;
import satin.ipl.SendPort;
import satin.ipl.SendPortIdentifier;
import satin.ipl.leaks.Tracked;
import satin.ipl.local.LocalNetwork;
import satin.ipl.start.Ipl;

/**
 * A receive port's {@link ConnectionUpcall} decides who connects and hears who leaves; a refusal says whether the
 * sender may retry ({@link ConnectionRefusedException#mayRetry()}): yes for a port that does not exist yet or that
 * answered {@code NOT_NOW}, no for {@code REFUSE} and for a port of another type.
 */
class ConnectionUpcallTest {
    private static final PortType TYPE = PortType.of(PortCapability.MANY_TO_ONE, PortCapability.RELIABLE,
            PortCapability.FIFO, PortCapability.EXPLICIT_RECEIPT, PortCapability.SERIALIZATION_DATA);
    private static final PortType OTHER = PortType.of(PortCapability.MANY_TO_ONE, PortCapability.RELIABLE,
            PortCapability.EXPLICIT_RECEIPT, PortCapability.SERIALIZATION_DATA);

    private Node sender;
    private Node receiver;

    @BeforeEach
    void start() throws IOException {
        LocalNetwork network = new LocalNetwork();
        IplConfig config = IplConfig.builder().set(IplProperties.IMPLEMENTATION, "local").build();
        sender = Ipl.node(config).localNetwork(network).portTypes(TYPE, OTHER).start();
        receiver = Ipl.node(config).localNetwork(network).portTypes(TYPE, OTHER).start();
    }

    @AfterEach
    void close() throws IOException {
        sender.close();
        receiver.close();
    }

    @Test
    void aMissingPortMayBeRetriedAndAPortOfAnotherTypeMayNot() throws Exception {
        SendPort out = sender.createSendPort(TYPE, "out");
        ReceivePortIdentifier missing = new ReceivePortIdentifier(receiver.identifier(), "later");
        ConnectionRefusedException absent = assertThrows(ConnectionRefusedException.class, () -> out.connect(missing));
        assertTrue(absent.mayRetry(), absent.getMessage());

        ReceivePort other = receiver.createReceivePort(OTHER, "other");
        ConnectionRefusedException mismatch = assertThrows(ConnectionRefusedException.class,
                () -> out.connect(other.identifier()));
        assertFalse(mismatch.mayRetry(), mismatch.getMessage());

        receiver.createReceivePort(TYPE, "later");
        out.connect(missing);
        assertEquals(List.of(missing), out.connectedTo());
    }

    @Test
    void theUpcallAdmitsRefusesOrDefersAndHearsTheSenderLeave() throws Exception {
        AtomicReference<ConnectionUpcall.Answer> answer = new AtomicReference<>(ConnectionUpcall.Answer.NOT_NOW);
        List<SendPortIdentifier> asked = new CopyOnWriteArrayList<>();
        List<String> lost = new CopyOnWriteArrayList<>();
        ReceivePort in = receiver.createReceivePort(TYPE, "in", null, new ConnectionUpcall() {
            @Override
            public Answer gotConnection(ReceivePortIdentifier port, SendPortIdentifier origin) {
                asked.add(origin);
                return answer.get();
            }

            @Override
            public void lostConnection(ReceivePortIdentifier port, SendPortIdentifier origin, Throwable cause) {
                lost.add(origin.name() + (cause == null ? "" : ": " + cause.getMessage()));
            }
        });
        SendPort out = sender.createSendPort(TYPE, "out");

        ConnectionRefusedException notNow = assertThrows(ConnectionRefusedException.class,
                () -> out.connect(in.identifier()));
        assertTrue(notNow.mayRetry(), notNow.getMessage());

        answer.set(ConnectionUpcall.Answer.REFUSE);
        ConnectionRefusedException refused = assertThrows(ConnectionRefusedException.class,
                () -> out.connect(in.identifier()));
        assertFalse(refused.mayRetry(), refused.getMessage());
        assertTrue(in.connectedTo().isEmpty());

        answer.set(ConnectionUpcall.Answer.ACCEPT);
        out.connect(in.identifier());
        assertEquals(List.of(out.identifier()), in.connectedTo());
        assertEquals(List.of(out.identifier(), out.identifier(), out.identifier()), asked);

        out.disconnect(in.identifier());
        Tracked.await(() -> lost.size() == 1, 10, "the receive port hears the sender disconnect");
        assertEquals(List.of("out"), lost);
    }
}
