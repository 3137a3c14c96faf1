package satin.apps.queensfirst;

/** A complete placement, returned through inlets: {@code queens[row]} is the column of the queen of {@code row}. */
public final class Solution extends satin.Inlet {

    private static final long serialVersionUID = 1L;

    final int[] queens;

    Solution(int[] queens) {
        this.queens = queens;
    }
}
