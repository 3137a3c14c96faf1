package satin.cli.simulate;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.concurrent.Callable;
import picocli.CommandLine;

/**
 * Base of the simulate subcommands: errors caused by the user's input (unknown workload, unreadable file, nodes
 * that do not split into clusters) become one line naming the cause and exit code 2, whichever launcher runs the
 * command; anything else is a bug and propagates.
 */
abstract class GuardedCommand implements Callable<Integer> {
    static final int BAD_INPUT_EXIT_CODE = 2;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public final Integer call() throws Exception {
        try {
            return execute();
        } catch (IllegalArgumentException | IOException | UncheckedIOException e) {
            spec.commandLine().getErr().println("error: " + e.getMessage());
            spec.commandLine().getErr().flush();
            return BAD_INPUT_EXIT_CODE;
        }
    }

    abstract Integer execute() throws Exception;
}
