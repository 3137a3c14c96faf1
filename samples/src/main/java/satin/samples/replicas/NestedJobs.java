package satin.samples.replicas;

import satin.Spawnable;

/** The spawnable methods of {@link Nested}. */
public interface NestedJobs extends Spawnable {
    /** Records {@code from .. to-1} in the box's ledger; returns, per leaf, its JVM and its ledger's identity. */
    String add(Box box, int from, int to, int jvms);

    /** Reads the box's ledger wherever it runs; returns, per leaf, its JVM and the ledger's state. */
    String check(Box box, long expected, int depth, int jvms);
}
