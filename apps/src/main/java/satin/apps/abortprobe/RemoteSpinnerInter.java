package satin.apps.abortprobe;

import satin.Spawnable;

/** The spawnable methods of {@link RemoteSpinner}. */
public interface RemoteSpinnerInter extends Spawnable {

    /** A binary tree of {@code depth} levels whose leaves spin until aborted, noting their start and stop. */
    void spin(Stops stops, int depth);

    /** One step of a spinning leaf. */
    long step(long i);

    /** Throws {@link Go} once a leaf spins on another JVM (at most ten seconds, then an exception). */
    void trigger(Stops stops) throws Go;
}
