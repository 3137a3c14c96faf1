package satin.ipl.udp.protocol;

import io.netty.buffer.ByteBuf;
import java.util.ArrayList;
import java.util.List;

/**
 * One message being rebuilt from in-order fragments. Memory is taken as data arrives rather than trusting the
 * announced length up front, so a forged first fragment cannot make the receiver allocate a huge array. A message
 * of at most {@value #DIRECT_LIMIT} bytes is written straight into its final array; a larger one is kept as one
 * small array per fragment and joined once at the end: growing a single array by doubling copied most of the
 * message again and allocated large short-lived arrays, the main receive-side cost of 1 MiB messages.
 */
final class Reassembly {
    private static final int DIRECT_LIMIT = 1 << 16;

    private final int total;
    private final byte[] direct;
    private final List<byte[]> pieces;
    private int filled;

    Reassembly(int total) {
        this.total = total;
        this.direct = total <= DIRECT_LIMIT ? new byte[total] : null;
        this.pieces = direct == null ? new ArrayList<>() : null;
    }

    /** Returns false if the fragment would overflow the announced length. */
    boolean append(ByteBuf fragment) {
        int len = fragment.readableBytes();
        if (len > total - filled) {
            return false;
        }
        if (direct != null) {
            fragment.getBytes(fragment.readerIndex(), direct, filled, len);
        } else {
            byte[] piece = new byte[len];
            fragment.getBytes(fragment.readerIndex(), piece);
            pieces.add(piece);
        }
        filled += len;
        return true;
    }

    boolean complete() {
        return filled == total;
    }

    /** The message; call once, after {@link #complete()}. */
    byte[] bytes() {
        if (direct != null) {
            return direct;
        }
        byte[] whole = new byte[total];
        int at = 0;
        for (byte[] piece : pieces) {
            System.arraycopy(piece, 0, whole, at, piece.length);
            at += piece.length;
        }
        return whole;
    }
}
