package satin.cli.run;

import java.util.Optional;
import java.util.Stack;
import picocli.CommandLine.IParameterConsumer;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code --stats} alone (a summary) or {@code --stats=summary|full}. Its value is optional, so a plain picocli option
 * would take the main class or app after it ({@code --stats fib 30}) for its value: this takes the next argument only
 * when it is one of the values; {@link #problem} then finds a {@code --stats=VALUE} with another value, which picocli
 * hands over as the main class.
 */
public final class StatsOption implements IParameterConsumer {

    @Override
    public void consumeParameters(Stack<String> args, ArgSpec argSpec, CommandSpec commandSpec) {
        String next = args.isEmpty() ? null : args.peek();
        boolean value = next != null && (next.equals("summary") || next.equals("full"));
        argSpec.setValue(value ? args.pop() : "summary");
    }

    /** The one-line error for a {@code --stats=VALUE} whose value is neither summary nor full, if any. */
    static Optional<String> problem(RunCommand cmd) {
        if (cmd.spec() == null || cmd.target == null) {
            return Optional.empty();
        }
        for (String a : cmd.spec().commandLine().getParseResult().originalArgs()) {
            if (a.equals(cmd.target)) {
                break; // the program's own arguments start here
            }
            if (a.equals("--stats=" + cmd.target)) {
                return Optional.of("error: --stats takes summary or full (--stats=full), got '" + cmd.target
                        + "'; try 'satin run --help'");
            }
        }
        return Optional.empty();
    }
}
