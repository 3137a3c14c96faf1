package satin.apps.abortprobe;

import satin.Spawnable;

/** The spawnable methods of {@link Races}. */
public interface RacesInter extends Spawnable {

    /** Counts "{@code key} started", spins (a spawn and a sync a step) until aborted, counts "{@code key} stopped". */
    void spin(Tally tally, String key);

    /** One step of a spinning job. */
    long step(long i);

    /** Counts {@code key} and returns {@code value} at once: its result is on the wire when the count arrives. */
    long answer(Tally tally, String key, long value);

    /** Throws a {@link Ballot} at once. */
    void ballot(int from) throws Ballot;

    /**
     * Spawns two spinning jobs and a ballot whose inlet aborts them, syncs (counts "{@code key} inlet aborted"), then
     * runs one more spinning job ("{@code key} outer") that only an abort from further up stops.
     */
    void nested(Tally tally, String key);
}
