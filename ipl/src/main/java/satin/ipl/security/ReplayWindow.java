package satin.ipl.security;

/**
 * Which sequence numbers of one receiving direction were seen (RFC 4303's anti-replay window): the highest so
 * far and a bitmap of the {@value #SIZE} below it. A number above the highest is new; one in the window is new
 * once; one below the window is refused (too old to tell). Only the event loop uses it: not thread-safe.
 */
final class ReplayWindow {
    static final int SIZE = 1024;
    private final long[] bits = new long[SIZE / 64];
    private long highest = -1;

    /** Whether {@code seq} would be accepted; does not record it (checked before the tag, recorded after). */
    boolean fresh(long seq) {
        if (seq < 0) {
            return false;
        }
        if (seq > highest) {
            return true;
        }
        long age = highest - seq;
        return age < SIZE && (bits[(int) ((seq >>> 6) % bits.length)] & (1L << (seq & 63))) == 0;
    }

    /** Records an authenticated {@code seq} that {@link #fresh} accepted. */
    void record(long seq) {
        if (seq > highest) {
            long from = Math.max(highest + 1, seq - SIZE + 1);
            for (long s = from; s <= seq && s - from < SIZE; s++) {
                clear(s);
            }
            highest = seq;
        }
        bits[(int) ((seq >>> 6) % bits.length)] |= 1L << (seq & 63);
    }

    private void clear(long seq) {
        bits[(int) ((seq >>> 6) % bits.length)] &= ~(1L << (seq & 63));
    }
}
