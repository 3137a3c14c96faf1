package satin.apps.tsp;

import satin.WriteMethodsInterface;

/** The write method of the shared {@link Bound}. */
public interface BoundWrites extends WriteMethodsInterface {
    /** Lowers the bound to {@code length} if that is shorter. */
    void lower(int length);
}
