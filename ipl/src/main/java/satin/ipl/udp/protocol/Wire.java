package satin.ipl.udp.protocol;

/** Constants of the datagram format (all integers big-endian). */
public final class Wire {
    private Wire() {}

    /** "Sa" */
    public static final int MAGIC = 0x5361;
    public static final int VERSION = 1;

    public static final int TYPE_DATA = 1;
    public static final int TYPE_ACK = 2;
    public static final int TYPE_DATAGRAM = 3;

    /** magic(2) version(1) type(1) incarnation(8) */
    public static final int COMMON_HEADER = 12;
    /** + stream(4) seq(8) timestamp(8) flags(1) */
    public static final int DATA_HEADER = COMMON_HEADER + 21;
    /** + total message length(4), only on the first fragment */
    public static final int FIRST_EXTRA = 4;
    /** + ackedIncarnation(8) stream(4) cumulative(8) window(4) echo(8) rangeCount(1) */
    public static final int ACK_HEADER = COMMON_HEADER + 33;
    /** Each selective range: start offset above cumulative (4), length (4). */
    public static final int SACK_RANGE_BYTES = 8;
    public static final int MAX_SACK_RANGES = 32;

    public static final int FLAG_FIRST = 1;
    public static final int FLAG_LAST = 2;
    public static final int KNOWN_FLAGS = FLAG_FIRST | FLAG_LAST;
}
