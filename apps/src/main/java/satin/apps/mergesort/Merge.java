package satin.apps.mergesort;

import java.util.Arrays;
import java.util.SplittableRandom;

/** The pieces of merge sort shared by both versions: leaf sort, halving and merging. */
final class Merge {

    private Merge() {
    }

    /** Sorts a leaf in place (the array is a private copy) and returns it. */
    static int[] sortLeaf(int[] data) {
        Arrays.sort(data);
        return data;
    }

    static int[] firstHalf(int[] data) {
        return Arrays.copyOfRange(data, 0, data.length / 2);
    }

    static int[] secondHalf(int[] data) {
        return Arrays.copyOfRange(data, data.length / 2, data.length);
    }

    /** The stable merge of two sorted arrays. */
    static int[] merge(int[] left, int[] right) {
        int[] out = new int[left.length + right.length];
        int i = 0;
        int j = 0;
        int k = 0;
        while (i < left.length && j < right.length) {
            out[k++] = left[i] <= right[j] ? left[i++] : right[j++];
        }
        System.arraycopy(left, i, out, k, left.length - i);
        System.arraycopy(right, j, out, k + left.length - i, right.length - j);
        return out;
    }

    /** {@code size} seeded random ints over the whole int range. */
    static int[] random(int size, long seed) {
        return new SplittableRandom(seed).ints(size).toArray();
    }
}
