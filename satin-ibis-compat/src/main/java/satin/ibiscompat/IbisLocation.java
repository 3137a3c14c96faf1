package satin.ibiscompat;

import java.util.Arrays;
import java.util.Iterator;

import ibis.ipl.Location;

/** A {@link Location} as the IPL writes it: levels from the machine to the coarsest, joined by '@'. */
final class IbisLocation implements Location {
    private static final long serialVersionUID = 1L;
    private final String[] levels;

    private IbisLocation(String[] levels) {
        this.levels = levels;
    }

    static IbisLocation parse(String text) {
        return new IbisLocation(text.isEmpty() ? new String[0] : text.split("@"));
    }

    @Override
    public int numberOfLevels() {
        return levels.length;
    }

    @Override
    public String getLevel(int levelIndex) {
        return levels[levelIndex];
    }

    @Override
    public String[] getLevels() {
        return levels.clone();
    }

    @Override
    public int numberOfMatchingLevels(Location location) {
        String[] other = location.getLevels();
        int n = 0;
        for (int i = levels.length - 1, j = other.length - 1; i >= 0 && j >= 0; i--, j--) {
            if (!levels[i].equals(other[j])) {
                break;
            }
            n++;
        }
        return n;
    }

    @Override
    public Location getParent() {
        return new IbisLocation(levels.length <= 1 ? new String[0] : Arrays.copyOfRange(levels, 1, levels.length));
    }

    @Override
    public Iterator<String> iterator() {
        return Arrays.asList(levels).iterator();
    }

    @Override
    public int compareTo(Location o) {
        return toString().compareTo(o.toString());
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof IbisLocation l && Arrays.equals(l.levels, levels);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(levels);
    }

    @Override
    public String toString() {
        return String.join("@", levels);
    }
}
