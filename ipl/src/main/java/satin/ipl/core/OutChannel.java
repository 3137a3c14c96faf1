package satin.ipl.core;

import java.io.IOException;
import java.util.concurrent.CompletableFuture;

import io.netty.buffer.ByteBuf;

import satin.ipl.ConnectionRefusedException;
import satin.ipl.IplException;
import satin.ipl.ReceivePortIdentifier;
import satin.ipl.spi.Packet;
import satin.ipl.spi.PeerLink;

/**
 * The sending half of one send-port-to-receive-port channel: cuts messages into DATA fragments of at most
 * the size agreed at ACCEPT, each paid for with the channel's credit (reliable ports only).
 */
final class OutChannel {
    final int id;
    final PeerLink link;
    final ReceivePortIdentifier target;
    final SendPortImpl port;
    final boolean sameCluster;
    final CreditGate credit = new CreditGate();
    /** Completes with the receiver's answer to CONNECT. */
    final CompletableFuture<Void> accepted = new CompletableFuture<>();
    private volatile int remotePort;
    private volatile int fragmentSize;
    private volatile String broken;

    OutChannel(int id, PeerLink link, ReceivePortIdentifier target, SendPortImpl port, boolean sameCluster) {
        this.id = id;
        this.link = link;
        this.target = target;
        this.port = port;
        this.sameCluster = sameCluster;
    }

    /** The receiver accepted with its port number, the agreed fragment size and its window. */
    void accepted(int remotePort, int fragmentSize, int window) {
        this.remotePort = remotePort;
        this.fragmentSize = fragmentSize;
        credit.grant(window);
        accepted.complete(null);
    }

    /**
     * Sends {@code message}'s readable bytes as DATA fragments. Each fragment is a retained slice of the
     * message that the link takes over, so the caller keeps its own reference and releases it when every
     * channel has the message.
     */
    void send(ByteBuf message, boolean unreliable) throws IOException {
        String reason = broken;
        if (reason != null) {
            throw new IplException(reason);
        }
        int size = message.readableBytes();
        int start = message.readerIndex();
        int fragment = fragmentSize;
        int offset = 0;
        boolean first = true;
        do {
            int len = Math.min(fragment, size - offset);
            boolean last = offset + len == size;
            int flags = (first ? Packet.FLAG_FIRST : 0) | (last ? Packet.FLAG_LAST : 0)
                    | (unreliable ? Packet.FLAG_UNRELIABLE : 0);
            int aux = first ? size : offset;
            if (!unreliable && credit.acquire(len + InChannel.OVERHEAD)) {
                flags |= Packet.FLAG_CREDIT_WAITED;
            }
            Packet p = new Packet(Packet.DATA, (byte) flags, id, remotePort, aux, message.retainedSlice(start + offset, len));
            if (unreliable) {
                link.sendUnreliable(p);
            } else {
                link.send(p);
            }
            offset += len;
            first = false;
        } while (offset < size);
    }

    /** The channel is broken (its first reason is kept); senders waiting for credit or ACCEPT fail. */
    void fail(String reason) {
        fail(reason, false);
    }

    /** As {@link #fail(String)}; {@code mayRetry}: a REJECT saying the port may take the connection later. */
    void fail(String reason, boolean mayRetry) {
        if (broken == null) {
            broken = reason;
        }
        credit.fail(reason);
        accepted.completeExceptionally(new ConnectionRefusedException(reason, mayRetry));
        port.channelBroken(this, broken);
    }
}
