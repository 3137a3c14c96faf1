package satin.cli.run;

import java.util.Locale;

/**
 * One {@code NAME@WHEN} item of the fault-injection options ({@code --kill}, {@code --leave}, {@code --partition}):
 * the numbered member it names ({@code node3} or {@code 3}; {@code cluster1} or {@code 1}) and the text after the
 * {@code @}, trimmed and in lower case, for the option to read as it needs ({@link When}, {@code done}, a duration).
 * One parser, so that the options agree on the syntax and on their error messages.
 *
 * @param index the member's number, below the count given to {@link #parse}
 * @param when  what follows the {@code @}
 */
record NamedMoment(int index, String when) {

    /**
     * Parses {@code spec}, an item of {@code option}, naming one of {@code count} members called {@code kind}0,
     * {@code kind}1, ...
     *
     * @param usage     the item's syntax with examples, for the message of an item without {@code NAME@WHEN}
     * @param rangeNote appended to the message of a member number out of range (may be empty)
     * @throws IllegalArgumentException naming the option and the cause
     */
    static NamedMoment parse(String option, String spec, String kind, int count, String usage, String rangeNote) {
        int at = spec.indexOf('@');
        if (at <= 0 || at == spec.length() - 1) {
            throw new IllegalArgumentException(option + " wants " + usage + ", got '" + spec + "'");
        }
        String name = spec.substring(0, at).trim();
        int index;
        try {
            index = Integer.parseInt(name.startsWith(kind) ? name.substring(kind.length()) : name);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(option + ": '" + name + "' is not a " + kind + " (" + kind + "0.." + kind
                    + (count - 1) + ")");
        }
        if (index < 0 || index >= count) {
            throw new IllegalArgumentException(option + ": " + kind + index + " is not one of " + kind + "0.." + kind
                    + (count - 1) + rangeNote);
        }
        return new NamedMoment(index, spec.substring(at + 1).trim().toLowerCase(Locale.ROOT));
    }
}
