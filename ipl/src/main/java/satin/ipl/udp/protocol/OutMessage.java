package satin.ipl.udp.protocol;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.util.concurrent.CompletableFuture;

/**
 * A reliable message waiting to be fragmented, in flight, or acknowledged. The message is a small head followed by
 * a body, kept as the caller gave them: an upper layer adds its own header without copying a large body, and each
 * fragment is copied once, straight into its datagram.
 *
 * <p>The message takes over the caller's references to both buffers and releases them exactly once, when
 * {@link #acknowledged()} completes, successfully or not: every fragment, retransmissions included, is cut under the
 * session's monitor before that, and the completion happens under the same monitor or before the message was ever
 * queued. {@link UdpEndpoint#send} completes it on each of its failure paths, so a message never outlives its
 * endpoint unreleased.
 */
public final class OutMessage {
    private final ByteBuf head;
    /** Read by absolute index only, so no reader index is shared between fragments. */
    private final ByteBuf body;
    private final int length;
    /** Start of the next fragment still to be cut. */
    int cursor;
    /** Set once the LAST fragment has been cut (an empty message still gets one empty fragment). */
    boolean lastCut;
    final CompletableFuture<Void> acknowledged = new CompletableFuture<>();

    public OutMessage(byte[] data) {
        this(Unpooled.EMPTY_BUFFER, Unpooled.wrappedBuffer(data));
    }

    /** The readable bytes of {@code head} followed by those of {@code body}; neither may change afterwards. */
    public OutMessage(ByteBuf head, ByteBuf body) {
        this.head = head;
        this.body = body;
        this.length = head.readableBytes() + body.readableBytes();
        acknowledged.whenComplete((ok, failure) -> {
            head.release();
            body.release();
        });
    }

    public int length() {
        return length;
    }

    /** Appends message bytes {@code [offset, offset + len)} to {@code out}. */
    void copyTo(ByteBuf out, int offset, int len) {
        int headLength = head.readableBytes();
        if (offset < headLength) {
            int n = Math.min(len, headLength - offset);
            out.writeBytes(head, head.readerIndex() + offset, n);
            offset += n;
            len -= n;
        }
        if (len > 0) {
            out.writeBytes(body, body.readerIndex() + offset - headLength, len);
        }
    }

    /** Completes when the peer has acknowledged the whole message, or fails if the session is reset. */
    public CompletableFuture<Void> acknowledged() {
        return acknowledged;
    }
}
