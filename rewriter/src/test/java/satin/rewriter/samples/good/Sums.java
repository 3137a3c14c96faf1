package satin.rewriter.samples.good;

import satin.SatinObject;

/**
 * Arrays of spawn results that are only summed, which the fast copies do without ({@code spawn.SummedArray},
 * {@code transform.DeferredArrays}), beside look-alikes that must keep their array: a second store into an element,
 * an element read after the sum, an index that goes down, and the exceptions a real array throws (a negative length,
 * an index out of range caught by the method itself). Every result is printed and compared with the unrewritten run.
 */
public final class Sums extends SatinObject implements Summing {

    /** UTS's shape: a result per child in a {@code long[]}, summed by a for-each loop. */
    @Override
    public long longs(int depth, int width) {
        if (depth == 0) {
            return 1;
        }
        int children = width - depth % 2;
        long[] counts = new long[children];
        for (int i = 0; i < children; i++) {
            counts[i] = longs(depth - 1, width);
        }
        sync();
        long total = 1;
        for (long count : counts) {
            total += count;
        }
        return total;
    }

    /** {@code int} elements summed by an index loop over the length, an index that grows by 2 from 1. */
    @Override
    public int ints(int depth, int width) {
        if (depth == 0) {
            return depth + width;
        }
        int[] parts = new int[2 * width + 1];
        for (int i = 1; i < parts.length; i += 2) {
            parts[i] = ints(depth - 1, width);
        }
        sync();
        int total = 0;
        for (int j = 0; j < parts.length; j++) {
            total = total + parts[j];
        }
        return total * 3;
    }

    @Override
    public long value(int i) {
        return 1000L * i + 7;
    }

    @Override
    public int small(int i) {
        return i * i + Integer.MAX_VALUE / 3;
    }

    /**
     * The same element stored twice: the sum sees the second value only. Only its shape is checked: with the first
     * spawn queued and the second a plain call, the first result is stored last (two spawns racing for one element).
     */
    long overwrites(int n) {
        long[] values = new long[n];
        for (int i = 0; i < n; i++) {
            values[i] = value(i);
            values[i] = value(i + 100);
        }
        sync();
        long total = 0;
        for (long v : values) {
            total += v;
        }
        return total;
    }

    /** An element read after the sum. */
    long readsElement(int n) {
        long[] values = new long[n];
        for (int i = 0; i < n; i++) {
            values[i] = value(i);
        }
        sync();
        long total = 0;
        for (long v : values) {
            total += v;
        }
        return total * 10 + values[n - 1];
    }

    /** An index going down: each element is still stored once, but not above the last. */
    long downwards(int n) {
        long[] values = new long[n];
        for (int i = n - 1; i >= 0; i--) {
            values[i] = value(i);
        }
        sync();
        long total = 0;
        for (long v : values) {
            total += v;
        }
        return total;
    }

    /** Index wraps: overflowing int sums wrap the same way in any order. */
    int wrapping(int n) {
        int[] values = new int[n];
        for (int i = 0; i < n; i++) {
            values[i] = small(i);
        }
        sync();
        int total = 0;
        for (int v : values) {
            total += v;
        }
        return total;
    }

    /**
     * One store too many: the exception a real array throws, caught; the sum of the stores that happened. Only for
     * runs where every spawn is a plain call (a queued spawn stores its result at the sync, outside the try).
     */
    public String outOfRange(int n) {
        long[] values = new long[n - 1];
        String caught = "none";
        try {
            for (int i = 0; i < n; i++) {
                values[i] = value(i);
            }
        } catch (ArrayIndexOutOfBoundsException e) {
            caught = e.getMessage();
        }
        sync();
        long total = 0;
        for (long v : values) {
            total += v;
        }
        return caught + "/" + total;
    }

    /** A negative length throws as {@code new long[n]} does. */
    String negative(int n) {
        try {
            long[] values = new long[n];
            for (int i = 0; i < 3; i++) {
                values[i] = value(i);
            }
            sync();
            long total = 0;
            for (long v : values) {
                total += v;
            }
            return Long.toString(total);
        } catch (NegativeArraySizeException e) {
            return "negative " + e.getMessage();
        }
    }

    static String run() {
        Sums sums = new Sums();
        long longs = sums.longs(6, 4);
        int ints = sums.ints(4, 3);
        String rest = sums.readsElement(5) + "," + sums.downwards(6) + ","
                + sums.wrapping(9) + "," + sums.negative(-2) + "," + sums.negative(4);
        sums.sync();
        return longs + "," + ints + "," + rest;
    }

    /** Prints {@code outOfRange=...}: the unrewritten result, or the rewritten one with every spawn a plain call. */
    public static void main(String[] args) {
        Sums sums = new Sums();
        System.out.println("outOfRange=" + sums.outOfRange(4) + "," + sums.outOfRange(1));
    }
}
