package satin.samples.replicas;

import satin.Spawnable;

/** The spawnable method of {@link Nested}. */
public interface NestedJobs extends Spawnable {
    /** Records {@code value} in the ledger the box holds, after some work; returns the work's result. */
    long add(Box box, int value, int work);
}
