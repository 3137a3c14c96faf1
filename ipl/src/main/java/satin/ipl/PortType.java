package satin.ipl;

import java.util.Collection;
import java.util.EnumSet;
import java.util.Set;

/**
 * A port type is a validated set of {@link PortCapability capabilities}. Send and receive ports of the
 * same type connect; ports of different types do not.
 */
public final class PortType {
    private final Set<PortCapability> capabilities;
    /** Asked on every message, so found once. */
    private final PortCapability serialization;
    private final PortCapability pattern;

    private PortType(Set<PortCapability> capabilities) {
        EnumSet<PortCapability> set = EnumSet.noneOf(PortCapability.class);
        set.addAll(capabilities);
        requireExactlyOne(set, PortCapability.Group.PATTERN);
        requireExactlyOne(set, PortCapability.Group.RELIABILITY);
        requireExactlyOne(set, PortCapability.Group.SERIALIZATION);
        if (count(set, PortCapability.Group.RECEIPT) == 0) {
            throw new IllegalArgumentException("port type " + set + " needs UPCALLS and/or EXPLICIT_RECEIPT");
        }
        this.capabilities = java.util.Collections.unmodifiableSet(set);
        this.serialization = only(set, PortCapability.Group.SERIALIZATION);
        this.pattern = only(set, PortCapability.Group.PATTERN);
    }

    public static PortType of(PortCapability... capabilities) {
        return new PortType(Set.of(capabilities));
    }

    public static PortType of(Collection<PortCapability> capabilities) {
        return new PortType(Set.copyOf(capabilities));
    }

    public Set<PortCapability> capabilities() {
        return capabilities;
    }

    public boolean has(PortCapability capability) {
        return capabilities.contains(capability);
    }

    /** The serialization level: the one SERIALIZATION_* capability. */
    public PortCapability serialization() {
        return serialization;
    }

    /** The connection pattern: ONE_TO_ONE, ONE_TO_MANY or MANY_TO_ONE. */
    public PortCapability pattern() {
        return pattern;
    }

    /** Compact bit set, stable across JVMs (enum ordinals), used on the wire to compare port types. */
    public int bits() {
        int bits = 0;
        for (PortCapability c : capabilities) {
            bits |= 1 << c.ordinal();
        }
        return bits;
    }

    public static PortType fromBits(int bits) {
        EnumSet<PortCapability> set = EnumSet.noneOf(PortCapability.class);
        for (PortCapability c : PortCapability.values()) {
            if ((bits & (1 << c.ordinal())) != 0) {
                set.add(c);
            }
        }
        return new PortType(set);
    }

    private static PortCapability only(Set<PortCapability> capabilities, PortCapability.Group group) {
        return capabilities.stream().filter(c -> c.group() == group).findFirst().orElseThrow();
    }

    private static long count(Set<PortCapability> set, PortCapability.Group group) {
        return set.stream().filter(c -> c.group() == group).count();
    }

    private static void requireExactlyOne(Set<PortCapability> set, PortCapability.Group group) {
        if (count(set, group) != 1) {
            throw new IllegalArgumentException("port type " + set + " needs exactly one " + group + " capability");
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof PortType p && p.capabilities.equals(capabilities);
    }

    @Override
    public int hashCode() {
        return capabilities.hashCode();
    }

    @Override
    public String toString() {
        return "PortType" + capabilities;
    }
}
