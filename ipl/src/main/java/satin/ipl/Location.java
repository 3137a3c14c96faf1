package satin.ipl;

import java.util.Arrays;
import java.util.List;

/**
 * Hierarchical location of a node, written most specific first: {@code node@cluster@site}.
 * The parent of a location is its cluster; the runtime uses it to tell local from wide-area peers.
 */
public final class Location implements Comparable<Location> {
    private final List<String> levels;

    private Location(List<String> levels) {
        if (levels.isEmpty()) {
            throw new IllegalArgumentException("a location needs at least one level");
        }
        for (String level : levels) {
            if (level.isEmpty() || level.contains("@") || level.chars().anyMatch(Character::isWhitespace)) {
                throw new IllegalArgumentException("invalid location level '" + level + "' in " + levels);
            }
        }
        this.levels = List.copyOf(levels);
    }

    /** Parses {@code node@cluster@site} (any number of levels, at least one). */
    public static Location parse(String text) {
        return new Location(Arrays.asList(text.trim().split("@", -1)));
    }

    public static Location of(String... levels) {
        return new Location(Arrays.asList(levels));
    }

    /**
     * Derives a location from a host name: {@code fs0.das2.vu.nl} becomes {@code fs0@das2@vu.nl}; a single
     * label {@code box} becomes {@code box@box} so that one host forms its own cluster.
     */
    public static Location fromHostName(String hostName) {
        String[] labels = hostName.split("\\.", 3);
        if (labels.length == 1) {
            return of(labels[0], labels[0]);
        }
        return new Location(Arrays.asList(labels));
    }

    /** The levels, most specific first. */
    public List<String> levels() {
        return levels;
    }

    /** The most specific level (the node name). */
    public String name() {
        return levels.get(0);
    }

    /** The enclosing location (the cluster for a node location); a one-level location is its own parent. */
    public Location parent() {
        return levels.size() == 1 ? this : new Location(levels.subList(1, levels.size()));
    }

    /** Same as {@link #parent()}: the cluster this node belongs to. */
    public Location cluster() {
        return parent();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Location l && l.levels.equals(levels);
    }

    @Override
    public int hashCode() {
        return levels.hashCode();
    }

    @Override
    public int compareTo(Location o) {
        return toString().compareTo(o.toString());
    }

    @Override
    public String toString() {
        return String.join("@", levels);
    }
}
