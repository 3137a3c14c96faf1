package satin.ipl.udp.protocol;

import io.netty.buffer.ByteBuf;

/**
 * One message being rebuilt from in-order fragments. The buffer grows as data arrives rather than trusting the
 * announced length up front, so a forged first fragment cannot make the receiver allocate a huge array.
 */
final class Reassembly {
    private final int total;
    private byte[] buffer;
    private int filled;

    Reassembly(int total) {
        this.total = total;
        this.buffer = new byte[Math.min(total, 1 << 16)];
    }

    /** Returns false if the fragment would overflow the announced length. */
    boolean append(ByteBuf fragment) {
        int len = fragment.readableBytes();
        if (len > total - filled) {
            return false;
        }
        if (filled + len > buffer.length) {
            long grown = Math.max((long) buffer.length * 2, filled + len);
            buffer = java.util.Arrays.copyOf(buffer, (int) Math.min(total, grown));
        }
        fragment.getBytes(fragment.readerIndex(), buffer, filled, len);
        filled += len;
        return true;
    }

    boolean complete() {
        return filled == total;
    }

    byte[] bytes() {
        return buffer;
    }
}
