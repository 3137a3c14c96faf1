package ibis.ipl;

import java.io.Serializable;

/**
 * Names one Ibis instance in its pool; equal identifiers name the same instance. Serializable, so a program can send
 * it in a message; comparable, so a program can sort the instances (here: by join order).
 */
public interface IbisIdentifier extends Serializable, Comparable<IbisIdentifier> {
    Location location();

    String poolName();

    /** Unique within the pool (here: the registry's join sequence number, "0", "1", ...). */
    String name();

    /** The tag given at creation as a string, or null. */
    String tagAsString();

    /** The tag given at creation, or null. */
    byte[] tag();
}
