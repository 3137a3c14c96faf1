package satin.ipl.udp.protocol;

import io.netty.buffer.ByteBuf;
import java.nio.ByteBuffer;
import java.util.concurrent.CompletableFuture;

/**
 * A reliable message waiting to be fragmented, in flight, or acknowledged. The message is a small head followed by
 * a body, kept as the caller gave them: an upper layer adds its own header without copying a large body, and each
 * fragment is copied once, straight into its datagram.
 */
public final class OutMessage {
    private static final byte[] NO_HEAD = new byte[0];

    private final byte[] head;
    /** The body's bytes, from index 0 to its limit; never moved, so no copy or position is shared. */
    private final ByteBuffer body;
    private final int length;
    /** Start of the next fragment still to be cut. */
    int cursor;
    /** Set once the LAST fragment has been cut (an empty message still gets one empty fragment). */
    boolean lastCut;
    final CompletableFuture<Void> acknowledged = new CompletableFuture<>();

    public OutMessage(byte[] data) {
        this(NO_HEAD, ByteBuffer.wrap(data));
    }

    /** The message {@code head} followed by the remaining bytes of {@code body}; neither may change afterwards. */
    public OutMessage(byte[] head, ByteBuffer body) {
        this.head = head;
        this.body = body.slice();
        this.length = head.length + this.body.remaining();
    }

    public int length() {
        return length;
    }

    /** Appends message bytes {@code [offset, offset + len)} to {@code out}. */
    void copyTo(ByteBuf out, int offset, int len) {
        if (offset < head.length) {
            int n = Math.min(len, head.length - offset);
            out.writeBytes(head, offset, n);
            offset += n;
            len -= n;
        }
        if (len == 0) {
            return;
        }
        int at = offset - head.length;
        if (body.hasArray()) {
            out.writeBytes(body.array(), body.arrayOffset() + at, len);
        } else {
            out.writeBytes(body.duplicate().position(at).limit(at + len));
        }
    }

    /** Completes when the peer has acknowledged the whole message, or fails if the session is reset. */
    public CompletableFuture<Void> acknowledged() {
        return acknowledged;
    }
}
