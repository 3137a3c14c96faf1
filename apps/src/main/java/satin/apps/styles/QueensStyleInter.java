package satin.apps.styles;

import satin.Spawnable;

/** The spawnable method of {@link QueensStyle}. */
public interface QueensStyleInter extends Spawnable {
    long solutions(int n, int row, int[] columns, int cutoff);
}
