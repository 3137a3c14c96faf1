package satin.apps.queensfirst;

import satin.Spawnable;

/** The spawnable search of {@link FirstSolution}. */
public interface FirstSolutionInter extends Spawnable {

    /**
     * Searches the completions of the placement {@code queens[0..row)} and throws the first one found as a
     * {@link Solution}; returns normally when there is none. Rows before {@code spawnRows} are spawned.
     */
    void search(int n, int[] queens, int row, int spawnRows) throws Solution;
}
