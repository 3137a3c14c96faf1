package satin.apps.queensfirst;

/** The sequential twin of {@link FirstSolution}: the first solution in depth-first order, or null. */
public final class SequentialFirstSolution {

    private SequentialFirstSolution() {
    }

    public static int[] compute(int n) {
        int[] queens = new int[n];
        return Placement.completeSequential(n, queens, 0) ? queens : null;
    }
}
