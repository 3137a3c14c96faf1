package satin.apps.mergesort;

/** The sequential baseline: the same recursive merge sort, without Satin operations. */
public final class SequentialMergeSort {

    private SequentialMergeSort() {
    }

    static int[] sort(int[] data, int leafSize) {
        if (data.length <= leafSize) {
            return Merge.sortLeaf(data);
        }
        return Merge.merge(sort(Merge.firstHalf(data), leafSize), sort(Merge.secondHalf(data), leafSize));
    }

    public static int[] compute(int[] data, int leafSize) {
        return sort(data.clone(), leafSize);
    }
}
