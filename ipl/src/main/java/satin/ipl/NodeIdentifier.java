package satin.ipl;

import java.util.Arrays;
import java.util.Objects;

/**
 * Identity of one node in a pool, assigned by the registry when the node joins. Equality is by pool and
 * id. The address is opaque contact information published by the implementation (e.g. host and port).
 */
public final class NodeIdentifier implements Comparable<NodeIdentifier> {
    private final String pool;
    private final String id;
    private final Location location;
    private final String implementation;
    private final byte[] address;

    public NodeIdentifier(String pool, String id, Location location, String implementation, byte[] address) {
        this.pool = Objects.requireNonNull(pool);
        this.id = Objects.requireNonNull(id);
        this.location = Objects.requireNonNull(location);
        this.implementation = Objects.requireNonNull(implementation);
        this.address = address.clone();
    }

    public String pool() {
        return pool;
    }

    /** Unique within the pool: the pool's join sequence number (0, 1, 2, ...), in decimal. */
    public String id() {
        return id;
    }

    public Location location() {
        return location;
    }

    /** The cluster of this node: the parent of its location. */
    public Location cluster() {
        return location.cluster();
    }

    /** Name of the IPL implementation the node runs (tcp, udp, local, ...). */
    public String implementation() {
        return implementation;
    }

    /** Implementation-specific contact address. */
    public byte[] address() {
        return address.clone();
    }

    public boolean sameCluster(NodeIdentifier other) {
        return cluster().equals(other.cluster());
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof NodeIdentifier n && n.pool.equals(pool) && n.id.equals(id);
    }

    @Override
    public int hashCode() {
        return pool.hashCode() * 31 + id.hashCode();
    }

    @Override
    public int compareTo(NodeIdentifier o) {
        int byPool = pool.compareTo(o.pool);
        if (byPool != 0) {
            return byPool;
        }
        int byLength = Integer.compare(id.length(), o.id.length());
        return byLength != 0 ? byLength : id.compareTo(o.id);
    }

    /** Whether all fields, including the address, are the same (equals compares identity only). */
    public boolean sameAs(NodeIdentifier o) {
        return equals(o) && location.equals(o.location) && implementation.equals(o.implementation)
                && Arrays.equals(address, o.address);
    }

    @Override
    public String toString() {
        return id + "(" + location + ")";
    }
}
