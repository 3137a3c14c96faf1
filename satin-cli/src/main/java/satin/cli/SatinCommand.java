package satin.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import satin.ipl.cli.ServerCommand;
import satin.ipl.wan.WanCommand;
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
                ServerCommand.class,
                WanCommand.class,
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
        CommandLine line = new CommandLine(new SatinCommand()).setCaseInsensitiveEnumValuesAllowed(true);
        // The runtime module cannot see the apps; here both are present, so the spawn benchmark times Fig. 2.1
        // as rewritten by the real rewriter (the plugin built the apps) unless the user names another class.
        line.getSubcommands().get("bench").getSubcommands().get("spawn").setDefaultValueProvider(arg ->
                arg instanceof CommandLine.Model.OptionSpec option && "--class".equals(option.longestName())
                        ? PAPER_FIB : null);
        return line;
    }

    private static final String PAPER_FIB = "satin.apps.fib.PaperFib";
}
