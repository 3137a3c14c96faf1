package satin.ipl.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
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

    @Test
    void anAnswerThatComesAfterTheConnectGaveUpLeavesTheLinkWorking() throws Exception {
        CountDownLatch slowAnswer = new CountDownLatch(1);
        CountDownLatch answered = new CountDownLatch(1);
        List<String> lost = new CopyOnWriteArrayList<>();
        ReceivePort in = receiver.createReceivePort(TYPE, "slow", null, new ConnectionUpcall() {
            @Override
            public Answer gotConnection(ReceivePortIdentifier port, SendPortIdentifier origin) {
                if (origin.name().equals("hasty")) {
                    try {
                        // holds the receiver's inbound thread until the sender gave up: a slow answer
                        slowAnswer.await(10, TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    answered.countDown();
                }
                return Answer.ACCEPT;
            }

            @Override
            public void lostConnection(ReceivePortIdentifier port, SendPortIdentifier origin, Throwable cause) {
                lost.add(origin.name());
            }
        });
        SendPort steady = sender.createSendPort(TYPE, "steady");
        steady.connect(in.identifier());
        SendPort hasty = sender.createSendPort(TYPE, "hasty");
        ConnectionRefusedException late = assertThrows(ConnectionRefusedException.class,
                () -> hasty.connect(in.identifier(), 100));
        assertTrue(late.getMessage().contains("no answer"), late.getMessage());
        slowAnswer.countDown();
        assertTrue(answered.await(10, TimeUnit.SECONDS));
        // the late ACCEPT is dropped and answered with DISCONNECT: the receiver forgets the channel, the link stays
        Tracked.await(() -> lost.contains("hasty"), 10, "the receiver drops the abandoned channel");
        satin.ipl.WriteMessage w = steady.newMessage();
        w.writeInt(42);
        w.finish();
        satin.ipl.ReadMessage m = in.receive(10_000);
        assertEquals(42, m.readInt());
        m.finish();
        assertEquals(List.of("hasty"), lost, "the connection made before is not lost with the late answer");
        assertEquals(List.of(steady.identifier()), in.connectedTo());
    }
}
