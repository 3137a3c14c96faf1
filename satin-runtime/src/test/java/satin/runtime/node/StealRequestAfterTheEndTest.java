package satin.runtime.node;

import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import satin.balance.ClusterMap;
import satin.runtime.node.wire.Message;
import satin.ipl.ReceivePort;

/**
 * A node whose run is over (its stealing stopped, its send ports closed) can still receive a steal request from a
 * peer whose own end comes a moment later: the warm pairs of {@code satin bench faults} (a) logged an ERROR for it
 * ("send port ... is closed", thrown out of the message handler) in a fault-free pool without fault tolerance. That
 * is the normal end of a run: the request is dropped without a failure. Node 0 is a real {@link RemoteStealing}
 * without fault tolerance over a real IPL node; node 1 is played by the test, which sends the request only once node 0
 * has stopped and closed its ports, and waits for node 0's handler to return.
 */
@Timeout(60)
class StealRequestAfterTheEndTest {

    @Test
    void aStealRequestThatArrivesAfterTheRunEndedHereIsDroppedWithoutAFailure() throws Exception {
        AtomicReference<Throwable> fatal = new AtomicReference<>();
        CompletableFuture<Throwable> handled = new CompletableFuture<>(); // null: the handler returned normally
        try (IplPair pair = StealWire.pair()) {
            Peers nodePeers = StealWire.peers(pair, 0);
            Peers otherPeers = StealWire.peers(pair, 1);
            RemoteStealing remote = new RemoteStealing(0, new ClusterMap(new int[] {0, 0}), nodePeers, 60_000,
                    fatal::set);
            try (ReceivePort inbox = pair.node(0).createReceivePort(SatinNode.PORT_TYPE, Peers.RECEIVE_PORT, m -> {
                        try {
                            remote.onStealRequest((Message.StealRequest) StealWire.CODEC.read(m));
                            handled.complete(null);
                        } catch (Throwable t) {
                            handled.complete(t);
                        }
                    });
                    ReceivePort otherInbox = pair.node(1).createReceivePort(SatinNode.PORT_TYPE, Peers.RECEIVE_PORT,
                            m -> { })) {
                nodePeers.connectAll(0);
                otherPeers.connectAll(1);
                // node 0's run ends as SatinNode ends it: stealing stops, then its send ports close
                remote.stop();
                nodePeers.close();
                StealWire.askForWork(otherPeers, 1, 0, 9);
                assertNull(handled.get(30, TimeUnit.SECONDS), "the handler must not fail: the run is over");
                assertNull(fatal.get(), "nor report a failure of the run");
            } finally {
                otherPeers.close();
            }
        }
    }
}
