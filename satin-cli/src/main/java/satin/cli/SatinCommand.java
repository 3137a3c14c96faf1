package satin.cli;

import java.util.Arrays;
import java.util.List;
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
        description = "Divide-and-conquer parallel programming for Java: one core, one server, many clusters.")
public final class SatinCommand implements Runnable {

    /**
     * The subcommands, in the order the usage lists them. Not in the {@code @Command} annotation: picocli builds
     * the model of every subcommand it names (reflection over each command's options, and of their subcommands),
     * measured as most of a launcher's start before its command runs ({@code docs/benchmarks/startup-2026-12-02.md});
     * {@link #commandLine(String...)} adds only the one a command line names.
     */
    static final List<Class<?>> SUBCOMMANDS = List.of(
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
            CommandLine.HelpCommand.class);

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @CommandLine.Mixin
    private final Verbosity verbosity = new Verbosity();

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "Missing command: say what to do, e.g. 'satin run fib 40'");
    }

    public static void main(String[] args) {
        System.exit(commandLine(args).execute(args));
    }

    /** The configured command line with every subcommand (the usage, the command reference, tests). */
    public static CommandLine commandLine() {
        return commandLine(SUBCOMMANDS);
    }

    /**
     * The command line that runs {@code args}: with only the subcommand they name when its name (or alias) is their
     * first argument that is not an option (the root's options take no parameter), else with every subcommand, so
     * that {@code satin}, {@code satin help run}, {@code satin --help} and a misspelt command (picocli suggests the
     * near names) see them all. The command then parses and runs exactly as with the full model.
     */
    public static CommandLine commandLine(String... args) {
        for (String arg : args) {
            if (arg.startsWith("-")) {
                continue;
            }
            for (Class<?> sub : SUBCOMMANDS) {
                Command c = sub.getAnnotation(Command.class);
                if (sub != CommandLine.HelpCommand.class
                        && (c.name().equals(arg) || Arrays.asList(c.aliases()).contains(arg))) {
                    return commandLine(List.of(sub));
                }
            }
            break;
        }
        return commandLine();
    }

    private static CommandLine commandLine(List<Class<?>> subcommands) {
        SatinCommand root = new SatinCommand();
        CliErrors errors = new CliErrors(root.verbosity);
        CommandLine cl = new CommandLine(root);
        for (Class<?> sub : subcommands) {
            cl.addSubcommand(sub);
        }
        // after the subcommands: picocli hands these settings down to the subcommands present when they are set
        return cl.setCaseInsensitiveEnumValuesAllowed(true)
                .setParameterExceptionHandler(errors).setExecutionExceptionHandler(errors);
    }
}
