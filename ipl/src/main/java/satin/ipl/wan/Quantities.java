package satin.ipl.wan;

import java.util.Locale;

/**
 * Parses and prints the quantities of topology files: durations ({@code 10ms}, {@code 250us}, {@code 1.5s}),
 * bandwidths ({@code 100KB/s}, {@code 1.2MB/s}, {@code 800B/s}, {@code unlimited}; K = 1000) and probabilities
 * ({@code 0.02} or {@code 2%}).
 */
public final class Quantities {
    private Quantities() {}

    public static long parseDuration(String text) {
        String t = text.trim().toLowerCase(Locale.ROOT);
        double scale;
        String number;
        if (t.endsWith("us")) {
            scale = 1e3;
            number = t.substring(0, t.length() - 2);
        } else if (t.endsWith("ms")) {
            scale = 1e6;
            number = t.substring(0, t.length() - 2);
        } else if (t.endsWith("s")) {
            scale = 1e9;
            number = t.substring(0, t.length() - 1);
        } else {
            throw new IllegalArgumentException("duration '" + text + "' needs a unit: us, ms or s");
        }
        double v = parseNumber(number, text);
        if (v < 0) {
            throw new IllegalArgumentException("duration '" + text + "' must not be negative");
        }
        return Math.round(v * scale);
    }

    public static double parseBandwidth(String text) {
        String t = text.trim();
        if (t.equalsIgnoreCase("unlimited")) {
            return Double.POSITIVE_INFINITY;
        }
        String lower = t.toLowerCase(Locale.ROOT);
        if (!lower.endsWith("b/s")) {
            throw new IllegalArgumentException("bandwidth '" + text
                    + "' needs a unit: B/s, KB/s, MB/s or GB/s (K = 1000), or 'unlimited'");
        }
        String head = t.substring(0, t.length() - 3);
        double scale = 1;
        char prefix = head.isEmpty() ? ' ' : Character.toUpperCase(head.charAt(head.length() - 1));
        if (prefix == 'K' || prefix == 'M' || prefix == 'G') {
            scale = prefix == 'K' ? 1e3 : prefix == 'M' ? 1e6 : 1e9;
            head = head.substring(0, head.length() - 1);
        }
        double v = parseNumber(head, text) * scale;
        if (!(v > 0)) {
            throw new IllegalArgumentException("bandwidth '" + text + "' must be positive");
        }
        return v;
    }

    public static double parseProbability(String text) {
        String t = text.trim();
        double v = t.endsWith("%") ? parseNumber(t.substring(0, t.length() - 1), text) / 100
                : parseNumber(t, text);
        if (!(v >= 0 && v < 1)) {
            throw new IllegalArgumentException("loss '" + text + "' must be in [0, 1) or [0%, 100%)");
        }
        return v;
    }

    private static double parseNumber(String number, String whole) {
        try {
            double v = Double.parseDouble(number.trim());
            if (Double.isNaN(v) || Double.isInfinite(v)) {
                throw new NumberFormatException();
            }
            return v;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + whole + "' is not a number with a unit");
        }
    }

    static String formatDuration(long nanos) {
        return nanos % 1_000_000 == 0 ? nanos / 1_000_000 + "ms" : nanos / 1e6 + "ms";
    }

    static String formatBandwidth(double bytesPerSecond) {
        return Double.isInfinite(bytesPerSecond) ? "unlimited" : bytesPerSecond / 1e3 + "KB/s";
    }
}
