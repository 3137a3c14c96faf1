package ibis.ipl;

import java.io.Serializable;

/**
 * Where an instance runs: levels from the most detailed (level 0, the machine) to the coarsest (cluster, site, ...),
 * written {@code machine@cluster@site}.
 */
public interface Location extends Serializable, Comparable<Location>, Iterable<String> {
    int numberOfLevels();

    /** Level {@code levelIndex}, 0 being the most detailed. */
    String getLevel(int levelIndex);

    String[] getLevels();

    /** How many levels match, counted from the coarsest. */
    int numberOfMatchingLevels(Location location);

    /** This location without its most detailed level (a location of no levels for one of one level). */
    Location getParent();
}
