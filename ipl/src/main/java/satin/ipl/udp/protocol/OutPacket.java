package satin.ipl.udp.protocol;

/** One fragment in flight: what to (re)send and when it was last sent. */
final class OutPacket {
    final long seq;
    final int flags;
    final OutMessage message;
    final int offset;
    final int length;
    long lastSent;
    int transmissions;
    boolean sacked;

    OutPacket(long seq, int flags, OutMessage message, int offset, int length) {
        this.seq = seq;
        this.flags = flags;
        this.message = message;
        this.offset = offset;
        this.length = length;
    }

    boolean last() {
        return (flags & Wire.FLAG_LAST) != 0;
    }
}
