package satin.cli.bench;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import satin.cli.bench.all.AllBenchCommand;
import satin.cli.bench.all.TableCommand;
import satin.cli.bench.apps.AppsBenchCommand;
import satin.cli.bench.apps.StylesBenchCommand;
import satin.cli.bench.faults.FaultsBenchCommand;
import satin.cli.bench.ipl.IplBenchCommand;
import satin.cli.bench.model.ModelBenchCommand;
import satin.cli.bench.nodes.NodesBenchCommand;
import satin.cli.bench.spawn.SpawnBenchCommand;

/** {@code satin bench ...}: the benchmarks, each timing Satin against a baseline in the same run. */
@Command(name = "bench",
        mixinStandardHelpOptions = true,
        description = "Benchmarks; each compares against a baseline measured in the same run and prints ratios.",
        subcommands = {
                SpawnBenchCommand.class,
                NodesBenchCommand.class,
                IplBenchCommand.class,
                AppsBenchCommand.class,
                StylesBenchCommand.class,
                AllBenchCommand.class,
                TableCommand.class,
                FaultsBenchCommand.class,
                ModelBenchCommand.class,
                satin.cli.bench.startup.StartupBenchCommand.class,
                satin.cli.bench.uts.UtsBenchCommand.class,
                satin.cli.bench.link.LinkBenchCommand.class,
                satin.cli.bench.first.FirstSolutionBenchCommand.class,
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
