package satin.apps.gametree;

import satin.Spawnable;

/** The spawnable search of {@link GameTree}. */
public interface GameTreeInter extends Spawnable {

    /**
     * Searches {@code p} to {@code depth} more moves with the window (alpha, beta) and throws its fail-soft value as
     * a {@link Value}; the first {@code spawnDepth} levels spawn their children.
     */
    void search(Position p, int depth, int alpha, int beta, int spawnDepth) throws Value;
}
