package satin.apps.abortprobe;

import satin.Spawnable;

/** The spawnable methods of {@link Relay}. */
public interface RelayInter extends Spawnable {

    /**
     * Spawns {@link #leaf} under an inlet, keeps this worker busy until {@code leaves} leaves have started (so that
     * neither this node nor the spawner's runs it), syncs, and throws a {@link Relayed} with what its inlet caught.
     */
    void relay(Tally tally, long spawnerJvm, int leaves) throws Relayed;

    /** Counts "leaf started", then throws a {@link Boom} naming this JVM. */
    void leaf(Tally tally) throws Boom;
}
