package satin.apps.queensfirst;

import satin.Spawnable;

/** The spawnable search of {@link ThrowingSolution}. */
public interface ThrowingSolutionInter extends Spawnable {

    /**
     * Searches the completions of {@code queens[0..row)} and throws the first one found as a {@link Solution}, past
     * every parent (no inlet catches it on the way); returns normally when there is none. Rows before
     * {@code spawnRows} are spawned.
     */
    void search(int n, int[] queens, int row, int spawnRows) throws Solution;
}
