package ibis.ipl;

import java.io.Serializable;
import java.util.Arrays;
import java.util.Properties;
import java.util.TreeSet;

/**
 * A set of capability names (strings such as {@code "connection.onetoone"}): what a program asks of an Ibis instance
 * ({@link IbisCapabilities}) or of a port ({@link PortType}). Two sets are equal when they hold the same names.
 */
public class CapabilitySet implements Serializable {
    private static final long serialVersionUID = 1L;
    private final TreeSet<String> capabilities = new TreeSet<>();

    public CapabilitySet(String... capabilities) {
        for (String c : capabilities) {
            if (c != null && !c.isBlank()) {
                this.capabilities.add(c.trim());
            }
        }
    }

    /** The capabilities named by the keys of {@code properties} whose value is true (or empty). */
    protected CapabilitySet(Properties properties) {
        for (String key : properties.stringPropertyNames()) {
            String v = properties.getProperty(key).trim().toLowerCase(java.util.Locale.ROOT);
            if (v.isEmpty() || v.equals("true") || v.equals("1") || v.equals("yes") || v.equals("on")) {
                capabilities.add(key.trim());
            }
        }
    }

    protected CapabilitySet(CapabilitySet other) {
        capabilities.addAll(other.capabilities);
    }

    /** Whether the set holds {@code capability}. */
    public boolean hasCapability(String capability) {
        return capabilities.contains(capability);
    }

    /** The capabilities, sorted. */
    public String[] getCapabilities() {
        return capabilities.toArray(new String[0]);
    }

    public int size() {
        return capabilities.size();
    }

    /** Whether every capability of {@code other} is in this set. */
    public boolean matchCapabilities(CapabilitySet other) {
        return capabilities.containsAll(other.capabilities);
    }

    /** The capabilities of {@code other} that this set lacks. */
    public CapabilitySet unmatchedCapabilities(CapabilitySet other) {
        TreeSet<String> missing = new TreeSet<>(other.capabilities);
        missing.removeAll(capabilities);
        return new CapabilitySet(missing.toArray(new String[0]));
    }

    /** Whether any capability starts with {@code prefix} (a capability and its refinements, e.g. "serialization.object"). */
    boolean hasCapabilityStartingWith(String prefix) {
        return capabilities.stream().anyMatch(c -> c.equals(prefix) || c.startsWith(prefix + "."));
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof CapabilitySet s && s.getClass() == getClass() && s.capabilities.equals(capabilities);
    }

    @Override
    public int hashCode() {
        return capabilities.hashCode();
    }

    @Override
    public String toString() {
        return Arrays.toString(getCapabilities());
    }
}
