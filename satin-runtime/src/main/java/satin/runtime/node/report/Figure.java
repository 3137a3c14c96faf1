package satin.runtime.node.report;

import java.util.Locale;
import java.util.function.ToLongFunction;

/**
 * One figure of the statistics under the one name it has in the text tables ({@code --stats=full}), in the JSON
 * ({@code --stats-json}) and in the README: camelCase, a duration's name ending in {@code Ms}. Durations are kept in
 * nanoseconds and shown as milliseconds with three decimals (wasted time is often well under a millisecond); counts
 * are shown as they are.
 *
 * @param name     the figure's name in text and JSON
 * @param duration whether {@code value} is a duration in nanoseconds (else a count)
 * @param value    reads the figure from a row
 * @param <T>      the row: a node's report, or a node's crash figures
 */
public record Figure<T>(String name, boolean duration, ToLongFunction<T> value) {

    /** A count. */
    public static <T> Figure<T> count(String name, ToLongFunction<T> value) {
        return new Figure<>(name, false, value);
    }

    /** A duration read in nanoseconds; its name ends in {@code Ms}. */
    public static <T> Figure<T> millis(String name, ToLongFunction<T> nanos) {
        if (!name.endsWith("Ms")) {
            throw new IllegalArgumentException("a duration's name ends in Ms: " + name);
        }
        return new Figure<>(name, true, nanos);
    }

    /** The value for JSON: a count as a whole number, a duration in milliseconds. */
    public Number json(T row) {
        long v = value.applyAsLong(row);
        return duration ? (Number) (v / 1e6) : (Number) v;
    }

    /** The value for a text table. */
    public String text(T row) {
        long v = value.applyAsLong(row);
        return duration ? String.format(Locale.ROOT, "%.3f", v / 1e6) : Long.toString(v);
    }
}
