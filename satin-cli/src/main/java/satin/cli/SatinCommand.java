package satin.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import satin.rewriter.cli.CompileCommand;
import satin.runtime.cli.RunCommand;
import satin.simulator.cli.SimulateCommand;

/**
 * The single {@code satin} launcher: every module contributes its picocli commands and this class only
 * puts them under one name, so {@code satin.jar} is the same self-contained jar on every machine.
 */
@Command(name = "satin",
        mixinStandardHelpOptions = true,
        versionProvider = SatinVersion.class,
        description = "Divide-and-conquer parallel programming for Java: one core, one server, many clusters.",
        subcommands = {
                CompileCommand.class,
                RunCommand.class,
                SimulateCommand.class,
                BenchCommand.class,
                CommandLine.HelpCommand.class,
        })
public final class SatinCommand implements Runnable {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "Missing command: say what to do, e.g. 'satin run fib 40'");
    }

    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }

    /** The configured command line; tests use it to run commands without exiting the JVM. */
    public static CommandLine commandLine() {
        return new CommandLine(new SatinCommand()).setCaseInsensitiveEnumValuesAllowed(true);
    }
}
