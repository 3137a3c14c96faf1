package satin.runtime.node;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import satin.ipl.IplProperties;
import satin.ipl.ReceivePort;
import satin.runtime.node.SyncStopsWaitingForStealTest.Doubling;
import satin.runtime.node.wire.Message;
import satin.runtime.node.wire.MessageSamples;
import satin.runtime.node.wire.Outcome;

/**
 * Every message of the protocol, with every kind of outcome, sent by one real IPL node and read by another with the
 * runtime's codec (Kryo for the objects: a job, values, an inlet exception's bytes): the same message arrives.
 * Exceptions arrive as the same class with the same message (the sender's trace attached); an inlet exception with
 * its fields.
 */
@Timeout(120)
class MessagesOverIplTest {

    @Test
    void everyMessageArrivesAsSent() throws Exception {
        List<Message> all = MessageSamples.all(Doubling::new);
        BlockingQueue<Message> arrived = new LinkedBlockingQueue<>();
        try (IplPair pair = new IplPair(c -> c.set(IplProperties.SERIALIZATION_CLASSES, Doubling.class.getName()))) {
            Peers peers = StealWire.peers(pair, 0);
            try (ReceivePort inbox = pair.node(1).createReceivePort(SatinNode.PORT_TYPE, Peers.RECEIVE_PORT,
                    m -> arrived.add(StealWire.CODEC.read(m)))) {
                peers.connectAll(0);
                for (Message m : all) {
                    peers.send(1, m);
                }
                for (Message sent : all) {
                    Message got = arrived.poll(30, TimeUnit.SECONDS);
                    assertNotNull(got, "no message arrived for " + sent);
                    assertEquals(MessageSamples.normal(sent), MessageSamples.normal(got));
                    if (got instanceof Message.Result r && r.outcome() instanceof Outcome.Thrown t) {
                        assertInstanceOf(IllegalArgumentException.class, t.failure(), "arrives as itself");
                        Throwable original = ((Outcome.Thrown) ((Message.Result) sent).outcome()).failure();
                        assertEquals(List.of(original.getStackTrace()), List.of(t.failure().getStackTrace()),
                                "with the sender's stack trace");
                    }
                }
            } finally {
                peers.close();
            }
        }
    }
}
