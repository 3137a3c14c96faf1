package satin.samples.speculate;

import satin.Spawnable;

/** The spawnable methods of {@link Speculate}. */
public interface SearchInterface extends Spawnable {

    /** A search that cannot succeed: it spawns and syncs until it is aborted; creates {@code marker} when it starts. */
    void hopeless(String marker);

    /** The search that succeeds: once some hopeless search has started (its marker exists), throws the answer. */
    void promising(String marker, long answer) throws Found;

    /** One step of a hopeless search. */
    long step(long i);
}
