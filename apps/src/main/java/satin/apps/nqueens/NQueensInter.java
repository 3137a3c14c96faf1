package satin.apps.nqueens;

import satin.Spawnable;

/** The spawnable step: counts the completions of a partial placement with {@code row} queens. */
public interface NQueensInter extends Spawnable {
    long count(int n, int columns, int leftDiagonals, int rightDiagonals, int row, int spawnRows);
}
