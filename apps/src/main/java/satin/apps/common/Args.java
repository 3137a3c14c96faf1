package satin.apps.common;

import java.util.Locale;
import java.util.function.Function;

/**
 * The positional command-line arguments of an application. Every argument is optional and has a default;
 * a malformed or out-of-range value is rejected with a {@link BadArgumentException} naming the argument.
 */
public final class Args {

    private final String usage;
    private final String[] values;

    /**
     * @param usage  the usage line shown with every error, e.g. {@code "fib [n]"}
     * @param values the raw arguments
     * @param maxCount how many positional arguments the application accepts
     */
    public Args(String usage, String[] values, int maxCount) {
        this.usage = usage;
        this.values = values.clone();
        if (values.length > maxCount) {
            throw error("expected at most " + maxCount + " arguments, got " + values.length);
        }
    }

    /** The usage line of the application. */
    public String usage() {
        return usage;
    }

    public int intAt(int index, String name, int defaultValue, int min, int max) {
        return (int) longAt(index, name, defaultValue, min, max);
    }

    public long longAt(int index, String name, long defaultValue, long min, long max) {
        long value = absent(index) ? defaultValue : parse(index, name, "an integer", Long::parseLong);
        if (value < min || value > max) {
            throw error("argument " + name + " must be in [" + min + ", " + max + "], got " + value);
        }
        return value;
    }

    public double doubleAt(int index, String name, double defaultValue, double min, double max) {
        double value = absent(index) ? defaultValue : parse(index, name, "a number", Double::parseDouble);
        if (!(value >= min && value <= max)) {
            throw error(String.format(Locale.ROOT, "argument %s must be in [%g, %g], got %s", name, min, max,
                    values[index]));
        }
        return value;
    }

    private <T> T parse(int index, String name, String kind, Function<String, T> parser) {
        try {
            return parser.apply(values[index].trim());
        } catch (NumberFormatException e) {
            throw error("argument " + name + " must be " + kind + ", got '" + values[index] + "'");
        }
    }

    public String stringAt(int index, String defaultValue) {
        return absent(index) ? defaultValue : values[index];
    }

    /** Whether argument {@code index} was left out (or given as {@code -}, which means "the default"). */
    public boolean absent(int index) {
        return index >= values.length || values[index].equals("-");
    }

    /** An error about these arguments, carrying the usage line. */
    public BadArgumentException error(String message) {
        return new BadArgumentException(message + System.lineSeparator() + "usage: " + usage);
    }
}
