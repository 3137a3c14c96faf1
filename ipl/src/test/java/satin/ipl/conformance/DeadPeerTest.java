package satin.ipl.conformance;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import satin.ipl.IplConfig;
import satin.ipl.IplProperties;
import satin.ipl.Node;
import satin.ipl.PortCapability;
import satin.ipl.PortType;
import satin.ipl.ReceivePort;
import satin.ipl.SendPort;
import satin.ipl.WriteMessage;
import satin.ipl.local.LocalNetwork;
import satin.ipl.start.Ipl;

/**
 * A sender blocked on a peer that stopped reading (frozen, say) is released with an error once the
 * registry declares the peer dead, instead of waiting forever.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class DeadPeerTest {
    @Test
    void senderWaitingForCreditFailsWhenThePeerIsDeclaredDead() throws Exception {
        PortType type = PortType.of(PortCapability.ONE_TO_ONE, PortCapability.RELIABLE, PortCapability.FIFO,
                PortCapability.EXPLICIT_RECEIPT, PortCapability.SERIALIZATION_BYTES);
        LocalNetwork network = new LocalNetwork();
        IplConfig config = IplConfig.builder().set(IplProperties.IMPLEMENTATION, "local")
                .set(IplProperties.POOL_NAME, "dead").set(IplProperties.FLOW_WINDOW, 8192).build();
        try (Node a = Ipl.node(config).localNetwork(network).portTypes(type).start();
                Node b = Ipl.node(config).localNetwork(network).portTypes(type).start()) {
            ReceivePort neverRead = b.createReceivePort(type, "in");
            SendPort out = a.createSendPort(type, "out");
            out.connect(neverRead.identifier());
            BlockingQueue<Throwable> outcome = new ArrayBlockingQueue<>(1);
            Thread sender = new Thread(() -> {
                try {
                    while (true) {
                        WriteMessage w = out.newMessage();
                        w.writeArray(new byte[1024]);
                        w.finish();
                    }
                } catch (Throwable t) {
                    outcome.add(t);
                }
            });
            sender.setDaemon(true);
            sender.start();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (sender.getState() != Thread.State.WAITING && System.nanoTime() < deadline) {
                Thread.sleep(5);
            }
            assertTrue(sender.getState() == Thread.State.WAITING, "an 8 KiB window stops the sender");
            assertTrue(outcome.isEmpty());
            network.pool("dead").died(b.identifier());
            Throwable t = outcome.poll(30, TimeUnit.SECONDS);
            assertNotNull(t, "the blocked sender must be released");
            assertTrue(t.getMessage().contains(b.identifier().toString()), t.getMessage());
        }
    }
}
