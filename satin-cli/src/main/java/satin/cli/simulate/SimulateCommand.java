package satin.cli.simulate;

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

    /** The command line for {@code simulate} on its own (the {@code satin} launcher adds it as a subcommand). */
    public static CommandLine commandLine() {
        return new CommandLine(new SimulateCommand());
    }
}
