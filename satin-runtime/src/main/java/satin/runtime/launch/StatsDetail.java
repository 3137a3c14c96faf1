package satin.runtime.launch;

import java.util.Locale;

/**
 * How much of a run's statistics to print ({@code satin run --stats[=summary|full]}, {@code satin.stats}): none, a
 * summary of a few lines, or the summary and every figure per worker or node.
 */
public enum StatsDetail {
    OFF, SUMMARY, FULL;

    /** The detail a value names: off, on or summary, full; null for any other value. */
    public static StatsDetail parse(String value) {
        return switch (value.trim().toLowerCase(Locale.ROOT)) {
            case "off", "false", "no" -> OFF;
            case "on", "true", "yes", "summary" -> SUMMARY;
            case "full" -> FULL;
            default -> null;
        };
    }
}
