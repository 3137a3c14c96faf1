package satin.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import satin.apps.bench.AppsBenchCommand;
import satin.ipl.bench.IplBenchCommand;
import satin.runtime.bench.NodesBenchCommand;
import satin.runtime.bench.SpawnBenchCommand;

/** {@code satin bench ...}: the benchmarks, each timing Satin against a baseline in the same run. */
@Command(name = "bench",
        mixinStandardHelpOptions = true,
        description = "Benchmarks; each compares against a baseline measured in the same run and prints ratios.",
        subcommands = {
                SpawnBenchCommand.class,
                NodesBenchCommand.class,
                IplBenchCommand.class,
                AppsBenchCommand.class,
        })
public final class BenchCommand implements Runnable {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "Missing benchmark: choose one of "
                + spec.subcommands().keySet());
    }
}
