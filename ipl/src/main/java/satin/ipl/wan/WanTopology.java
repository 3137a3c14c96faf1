package satin.ipl.wan;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Link parameters for every ordered pair of clusters: an explicit entry for the pair if there is one, otherwise
 * the wide-area default for two different clusters, or the local parameters within one cluster (by default no
 * emulation at all). Immutable; free of any network code so that simulators can use it too.
 */
public final class WanTopology {
    private final String name;
    private final Set<String> clusters;
    private final LinkParameters wideAreaDefault;
    private final LinkParameters local;
    private final Map<List<String>, LinkParameters> links;
    private final long minRetransmissionNanos;

    /** Default of {@link #minRetransmissionNanos()}: 10 ms. */
    public static final long DEFAULT_MIN_RETRANSMISSION_NANOS = 10_000_000L;

    private WanTopology(Builder b) {
        this.minRetransmissionNanos = b.minRetransmissionNanos;
        this.name = b.name;
        this.clusters = Collections.unmodifiableSet(new LinkedHashSet<>(b.clusters));
        this.wideAreaDefault = b.wideAreaDefault;
        this.local = b.local;
        this.links = Collections.unmodifiableMap(new LinkedHashMap<>(b.links));
    }

    public static Builder builder(String name) {
        return new Builder(name);
    }

    /** Where the topology came from (file name or preset name). */
    public String name() {
        return name;
    }

    /** Declared clusters; empty if the topology applies its defaults to clusters of any name. */
    public Set<String> clusters() {
        return clusters;
    }

    public LinkParameters wideAreaDefault() {
        return wideAreaDefault;
    }

    public LinkParameters local() {
        return local;
    }

    /** Parameters of the link carrying traffic from cluster {@code from} to cluster {@code to}. */
    public LinkParameters link(String from, String to) {
        LinkParameters explicit = links.get(List.of(from, to));
        if (explicit != null) {
            return explicit;
        }
        return from.equals(to) ? local : wideAreaDefault;
    }

    /**
     * The least delay a lost reliable message suffers before its retransmission arrives (the retransmission timeout's
     * floor; otherwise two round trips of the link). A time-scaled emulation divides it by its scale like every other
     * time ({@code retransmission-floor} in the file format).
     */
    public long minRetransmissionNanos() {
        return minRetransmissionNanos;
    }

    /** The explicitly listed directed links, keyed by [from, to]. */
    public Map<List<String>, LinkParameters> explicitLinks() {
        return links;
    }

    @Override
    public String toString() {
        return "WanTopology[" + name + ", clusters " + clusters + ", default " + wideAreaDefault + ", "
                + links.size() + " explicit links]";
    }

    /** Assembles a topology; links may only name declared clusters once any are declared. */
    public static final class Builder {
        private final String name;
        private final List<String> clusters = new ArrayList<>();
        private LinkParameters wideAreaDefault = LinkParameters.NONE;
        private LinkParameters local = LinkParameters.NONE;
        private final Map<List<String>, LinkParameters> links = new LinkedHashMap<>();
        private long minRetransmissionNanos = DEFAULT_MIN_RETRANSMISSION_NANOS;

        private Builder(String name) {
            this.name = name;
        }

        public Builder cluster(String cluster) {
            if (cluster.isBlank() || cluster.contains("@") || cluster.chars().anyMatch(Character::isWhitespace)) {
                throw new IllegalArgumentException("invalid cluster name '" + cluster
                        + "' (no blanks, whitespace or '@')");
            }
            if (clusters.contains(cluster)) {
                throw new IllegalArgumentException("cluster '" + cluster + "' declared twice");
            }
            clusters.add(cluster);
            return this;
        }

        public Builder wideAreaDefault(LinkParameters p) {
            this.wideAreaDefault = p;
            return this;
        }

        /** See {@link WanTopology#minRetransmissionNanos()}. */
        public Builder minRetransmission(long nanos) {
            if (nanos < 0) {
                throw new IllegalArgumentException("the retransmission floor must not be negative, got " + nanos + " ns");
            }
            this.minRetransmissionNanos = nanos;
            return this;
        }

        public Builder local(LinkParameters p) {
            this.local = p;
            return this;
        }

        public Builder link(String from, String to, LinkParameters p) {
            for (String c : List.of(from, to)) {
                if (!clusters.isEmpty() && !clusters.contains(c)) {
                    throw new IllegalArgumentException("link names undeclared cluster '" + c + "'; declared: "
                            + clusters);
                }
            }
            if (links.put(List.of(from, to), p) != null) {
                throw new IllegalArgumentException("link " + from + " -> " + to + " given twice");
            }
            return this;
        }

        public WanTopology build() {
            return new WanTopology(this);
        }
    }
}
