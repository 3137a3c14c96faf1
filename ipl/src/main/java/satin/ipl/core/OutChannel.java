package satin.ipl.core;

import java.util.concurrent.CompletableFuture;

import satin.ipl.ReceivePortIdentifier;
import satin.ipl.spi.PeerLink;

/** The sending half of one send-port-to-receive-port connection. */
final class OutChannel {
    final int id;
    final PeerLink link;
    final ReceivePortIdentifier target;
    final SendPortImpl port;
    final boolean sameCluster;
    final CreditGate credit = new CreditGate();
    /** Completes with the receiver's answer to CONNECT. */
    final CompletableFuture<Void> accepted = new CompletableFuture<>();
    volatile int remotePort;
    volatile int fragmentSize;
    volatile String broken;

    OutChannel(int id, PeerLink link, ReceivePortIdentifier target, SendPortImpl port, boolean sameCluster) {
        this.id = id;
        this.link = link;
        this.target = target;
        this.port = port;
        this.sameCluster = sameCluster;
    }

    void fail(String reason) {
        if (broken == null) {
            broken = reason;
        }
        credit.fail(reason);
        accepted.completeExceptionally(new satin.ipl.ConnectionRefusedException(reason));
    }
}
