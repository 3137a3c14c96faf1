package satin.apps.nqueens;

/** The published numbers of solutions of the N-queens problem (OEIS A000170), the self-check's reference. */
public final class KnownCounts {

    private static final long[] COUNTS = {
        1, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596, 2279184, 14772512, 95815104,
        666090624L, 4968057848L, 39029188884L,
    };

    private KnownCounts() {
    }

    /** The largest N whose count is known here. */
    public static int largest() {
        return COUNTS.length - 1;
    }

    public static long of(int n) {
        if (n < 0 || n > largest()) {
            throw new IllegalArgumentException("no known count for N=" + n);
        }
        return COUNTS[n];
    }
}
