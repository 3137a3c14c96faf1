package satin.simulator.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code satin simulate}: the simulator's experiments. */
@Command(name = "simulate", mixinStandardHelpOptions = true,
        description = "Simulate RS and CRS load balancing on wide-area multi-cluster systems (deterministic, seeded).",
        subcommands = {Table21Command.class, GridLabCommand.class, ScaleCommand.class, RunCommand.class})
public final class SimulateCommand implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /**
     * A command line for {@code simulate} whose errors from bad input (unknown workload, unreadable trace, nodes
     * that do not split into clusters) are one line naming the cause instead of a stack trace.
     */
    public static CommandLine commandLine() {
        CommandLine cl = new CommandLine(new SimulateCommand());
        cl.setExecutionExceptionHandler((e, line, parsed) -> {
            if (e instanceof IllegalArgumentException || e instanceof java.io.IOException || e instanceof java.io.UncheckedIOException) {
                line.getErr().println("error: " + e.getMessage());
                line.getErr().flush();
                return 2;
            }
            throw e;
        });
        return cl;
    }

    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }
}
