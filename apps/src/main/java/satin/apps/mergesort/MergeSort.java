package satin.apps.mergesort;

import java.io.PrintStream;
import java.util.Arrays;
import satin.SatinObject;
import satin.apps.common.AppMain;
import satin.apps.common.Args;
import satin.apps.common.Timed;

/**
 * Merge sort of a large seeded array: an array longer than the leaf size is copied into two halves, each
 * sorted by a spawned job that receives and returns only its half (plain arrays, so a stolen job ships no
 * more than its part), and the sorted halves are merged. Leaves are sorted by {@link Arrays#sort}.
 */
public final class MergeSort extends SatinObject implements MergeSortInter {

    static final String USAGE = "mergesort [size (default 10000000)] [seed (default 3)] [leaf size (default 8192)]";

    @Override
    public int[] sort(int[] data, int leafSize) {
        if (data.length <= leafSize) {
            return Merge.sortLeaf(data);
        }
        int[] left = sort(Merge.firstHalf(data), leafSize);
        int[] right = sort(Merge.secondHalf(data), leafSize);
        sync();
        return Merge.merge(left, right);
    }

    /** A sorted copy of {@code data}. */
    public static int[] compute(int[] data, int leafSize) {
        MergeSort mergeSort = new MergeSort();
        int[] sorted = mergeSort.sort(data.clone(), leafSize);
        mergeSort.sync();
        return sorted;
    }

    /** {@code size} seeded random ints. */
    public static int[] random(int size, long seed) {
        return Merge.random(size, seed);
    }

    public static void main(String[] args) throws Exception {
        int status = AppMain.run(USAGE, 3, args, System.out, System.err, MergeSort::run);
        if (status != 0) {
            System.exit(status);
        }
    }

    static boolean run(Args args, PrintStream out) throws Exception {
        int size = args.intAt(0, "size", 10_000_000, 0, Integer.MAX_VALUE - 8);
        long seed = args.longAt(1, "seed", 3, Long.MIN_VALUE, Long.MAX_VALUE);
        int leafSize = args.intAt(2, "leaf size", 8192, 1, Integer.MAX_VALUE);
        int[] data = random(size, seed);
        Timed<int[]> sorted = Timed.run(() -> compute(data, leafSize));
        out.println("sorted " + size + " ints (seed " + seed + ")");
        AppMain.printTime(out, "satin", sorted);
        int[] expected = data.clone();
        Arrays.sort(expected);
        return AppMain.check(out, Arrays.equals(sorted.value(), expected), "equals Arrays.sort of the input");
    }
}
