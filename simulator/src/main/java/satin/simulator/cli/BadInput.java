package satin.simulator.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.concurrent.Callable;
import picocli.CommandLine;

/**
 * Turns errors caused by the user's input (unknown workload, unreadable file, nodes that do not split into
 * clusters) into one line naming the cause and exit code 2, whichever launcher runs the command.
 */
final class BadInput {
    static final int EXIT_CODE = 2;

    private BadInput() {
    }

    static int guard(CommandLine.Model.CommandSpec spec, Callable<Integer> body) throws Exception {
        try {
            return body.call();
        } catch (IllegalArgumentException | IOException | UncheckedIOException e) {
            spec.commandLine().getErr().println("error: " + e.getMessage());
            spec.commandLine().getErr().flush();
            return EXIT_CODE;
        }
    }
}
