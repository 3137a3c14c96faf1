package satin.apps.abortprobe;

import satin.Spawnable;

/** The spawnable methods of {@link Spinner}. */
public interface SpinnerInter extends Spawnable {

    /** A binary tree of {@code depth} levels whose leaves spin until aborted. */
    void spin(int depth);

    /** One step of a spinning leaf. */
    long step(long i);

    /** Throws {@link Go} once {@code leaves} leaves spin (at most ten seconds, then an exception). */
    void trigger(int leaves) throws Go;
}
