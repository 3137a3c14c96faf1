package satin.ibiscompat;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import ibis.ipl.IbisIdentifier;
import ibis.ipl.Location;
import satin.ipl.NodeIdentifier;

/**
 * An {@link IbisIdentifier} for one IPL node: the fields of its {@link NodeIdentifier} as plain values, so that it
 * travels by Java serialization in messages and turns back into the node's identifier on the other side. Equality
 * and order are the node's: pool and join sequence number.
 */
final class IbisId implements IbisIdentifier {
    private static final long serialVersionUID = 1L;
    private final String pool;
    private final String id;
    private final String location;
    private final String implementation;
    private final byte[] address;
    private final byte[] tag;

    private IbisId(NodeIdentifier node, byte[] tag) {
        this.pool = node.pool();
        this.id = node.id();
        this.location = node.location().toString();
        this.implementation = node.implementation();
        this.address = node.address();
        this.tag = tag == null ? null : tag.clone();
    }

    static IbisId of(NodeIdentifier node, byte[] tag) {
        return new IbisId(node, tag);
    }

    static IbisId of(NodeIdentifier node) {
        return new IbisId(node, null);
    }

    /** The IPL node this identifier names. */
    NodeIdentifier node() {
        return new NodeIdentifier(pool, id, satin.ipl.Location.parse(location), implementation, address);
    }

    /** The identifier of an IPL node, or an error naming what the program passed instead. */
    static NodeIdentifier nodeOf(IbisIdentifier ibis) {
        if (ibis instanceof IbisId i) {
            return i.node();
        }
        throw new IllegalArgumentException("not an identifier of this Ibis implementation: " + ibis
                + (ibis == null ? "" : " (" + ibis.getClass().getName() + ")"));
    }

    @Override
    public Location location() {
        return IbisLocation.parse(location);
    }

    @Override
    public String poolName() {
        return pool;
    }

    @Override
    public String name() {
        return id;
    }

    @Override
    public String tagAsString() {
        return tag == null ? null : new String(tag, StandardCharsets.UTF_8);
    }

    @Override
    public byte[] tag() {
        return tag == null ? null : tag.clone();
    }

    @Override
    public int compareTo(IbisIdentifier o) {
        if (!(o instanceof IbisId other)) {
            return toString().compareTo(String.valueOf(o));
        }
        int byPool = pool.compareTo(other.pool);
        if (byPool != 0) {
            return byPool;
        }
        int byLength = Integer.compare(id.length(), other.id.length());
        return byLength != 0 ? byLength : id.compareTo(other.id);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof IbisId other && other.pool.equals(pool) && other.id.equals(id);
    }

    @Override
    public int hashCode() {
        return pool.hashCode() * 31 + id.hashCode();
    }

    @Override
    public String toString() {
        return id + "@" + location;
    }

    /** Whether the other identifier is the same node with the same address (equals compares pool and id only). */
    boolean sameAddress(IbisId other) {
        return equals(other) && Arrays.equals(address, other.address);
    }
}
