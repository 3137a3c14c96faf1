package satin.ipl.security;

import java.util.Locale;

import satin.ipl.Location;

/**
 * Which links are encrypted ({@code ipl.security.encrypt}, {@code satin run --encrypt}). Authentication is
 * independent of it and always on while the pool has a secret.
 */
public enum EncryptionPolicy {
    /** Every tcp link, udp link and registry connection. */
    ALL,
    /** Links between nodes of different clusters (a node's cluster is the parent of its location) and the
     * registry connections; links inside a cluster are only authenticated. */
    WIDE_AREA,
    /** Nothing is encrypted: links and registry connections are only authenticated, for trusted networks. */
    NONE;

    public static EncryptionPolicy parse(String text) {
        return switch (text.trim().toLowerCase(Locale.ROOT)) {
            case "all" -> ALL;
            case "wide-area" -> WIDE_AREA;
            case "none" -> NONE;
            default -> throw new IllegalArgumentException("encryption '" + text
                    + "' is not one of all, wide-area, none");
        };
    }

    /** Whether the link between nodes at {@code a} and {@code b} is encrypted. */
    public boolean encrypts(Location a, Location b) {
        return switch (this) {
            case ALL -> true;
            case WIDE_AREA -> !a.cluster().equals(b.cluster());
            case NONE -> false;
        };
    }

    /** Whether registry connections are encrypted: always but with {@link #NONE} (a registry has no cluster). */
    public boolean encryptsRegistry() {
        return this != NONE;
    }

    /** The spelling of the option. */
    public String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
