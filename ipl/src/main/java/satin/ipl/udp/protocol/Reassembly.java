package satin.ipl.udp.protocol;

import io.netty.buffer.ByteBuf;
import java.util.ArrayList;
import java.util.List;

/**
 * One message being rebuilt from in-order fragments, as a head of at most {@code headLength} bytes and a body
 * holding the rest, each in an array of its own: an upper layer that put its header in front of the data gets the
 * data as an exact array it can keep, with no further copy.
 *
 * <p>Memory is taken as data arrives rather than trusting the announced length up front, so a forged first fragment
 * cannot make the receiver allocate a huge array: a body of at most {@value #DIRECT_LIMIT} bytes is written straight
 * into its final array; a larger one is kept as one small array per fragment until an eighth of it has arrived,
 * then moved into its final array, where the rest is written directly. The sender must thus really send at least
 * an eighth of what it makes the receiver allocate, and only that eighth is copied twice.
 */
final class Reassembly {
    private static final int DIRECT_LIMIT = 1 << 16;
    private static final int PROMOTE_DIVISOR = 8;

    private final int total;
    private final byte[] head;
    private byte[] body;
    private List<byte[]> pieces;
    private int filled;

    Reassembly(int total, int headLength) {
        this.total = total;
        this.head = new byte[Math.min(headLength, total)];
        if (total <= DIRECT_LIMIT) {
            this.body = new byte[total - head.length];
        } else {
            this.pieces = new ArrayList<>();
        }
    }

    /** Returns false if the fragment would overflow the announced length. */
    boolean append(ByteBuf fragment) {
        int len = fragment.readableBytes();
        if (len > total - filled) {
            return false;
        }
        int at = fragment.readerIndex();
        if (filled < head.length) {
            int n = Math.min(len, head.length - filled);
            fragment.getBytes(at, head, filled, n);
            filled += n;
            at += n;
            len -= n;
        }
        if (len == 0) {
            return true;
        }
        if (body == null && (long) (filled + len) * PROMOTE_DIVISOR >= total) {
            promote();
        }
        if (body != null) {
            fragment.getBytes(at, body, filled - head.length, len);
        } else {
            byte[] piece = new byte[len];
            fragment.getBytes(at, piece);
            pieces.add(piece);
        }
        filled += len;
        return true;
    }

    private void promote() {
        body = new byte[total - head.length];
        int at = 0;
        for (byte[] piece : pieces) {
            System.arraycopy(piece, 0, body, at, piece.length);
            at += piece.length;
        }
        pieces = null;
    }

    boolean complete() {
        return filled == total;
    }

    /** The first {@code min(headLength, total)} bytes of the message. */
    byte[] head() {
        return head;
    }

    /** The rest of the message; call after {@link #complete()}. */
    byte[] body() {
        if (body == null) {
            promote();
        }
        return body;
    }
}
