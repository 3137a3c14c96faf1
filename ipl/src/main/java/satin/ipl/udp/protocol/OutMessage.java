package satin.ipl.udp.protocol;

import java.util.concurrent.CompletableFuture;

/** A reliable message waiting to be fragmented, in flight, or acknowledged. */
public final class OutMessage {
    final byte[] data;
    /** Start of the next fragment still to be cut. */
    int cursor;
    /** Set once the LAST fragment has been cut (an empty message still gets one empty fragment). */
    boolean lastCut;
    final CompletableFuture<Void> acknowledged = new CompletableFuture<>();

    public OutMessage(byte[] data) {
        this.data = data;
    }

    public int length() {
        return data.length;
    }

    /** Completes when the peer has acknowledged the whole message, or fails if the session is reset. */
    public CompletableFuture<Void> acknowledged() {
        return acknowledged;
    }
}
