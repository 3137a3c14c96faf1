package satin.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import satin.cli.bench.BenchCommand;
import satin.cli.compile.CompileCommand;
import satin.cli.experiment.ExperimentCommand;
import satin.cli.run.RunCommand;
import satin.cli.server.ServerCommand;
import satin.cli.simulate.SimulateCommand;
import satin.cli.wan.WanCommand;

/**
 * The single {@code satin} launcher: puts the commands of this module (one package per command) under one name,
 * so {@code satin.jar} is the same self-contained jar on every machine. Its {@link #main} is the one place of the
 * launcher that ends the JVM with an exit status (node JVMs use {@link satin.cli.run.NodeProcess}).
 */
@Command(name = "satin",
        mixinStandardHelpOptions = true,
        versionProvider = SatinVersion.class,
        description = "Divide-and-conquer parallel programming for Java: one core, one server, many clusters.",
        subcommands = {
                CompileCommand.class,
                RunCommand.class,
                satin.cli.run.AppsCommand.class,
                ServerCommand.class,
                satin.cli.secret.SecretCommand.class,
                WanCommand.class,
                SimulateCommand.class,
                ExperimentCommand.class,
                BenchCommand.class,
                LauncherArchiveCommand.class,
                CommandReference.class,
                CommandLine.HelpCommand.class,
        })
public final class SatinCommand implements Runnable {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @CommandLine.Mixin
    private final Verbosity verbosity = new Verbosity();

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "Missing command: say what to do, e.g. 'satin run fib 40'");
    }

    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }

    /** The configured command line; tests use it to run commands without exiting the JVM. */
    public static CommandLine commandLine() {
        SatinCommand root = new SatinCommand();
        CliErrors errors = new CliErrors(root.verbosity);
        return new CommandLine(root).setCaseInsensitiveEnumValuesAllowed(true)
                .setParameterExceptionHandler(errors).setExecutionExceptionHandler(errors);
    }
}
