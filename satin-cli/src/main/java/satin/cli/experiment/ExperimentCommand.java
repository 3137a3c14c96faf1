package satin.cli.experiment;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code satin experiment}: the paper's wide-area experiments on real node JVMs with emulated wide-area links. */
@Command(name = "experiment", mixinStandardHelpOptions = true,
        description = "The paper's wide-area experiments with the real runtime on this machine: node JVMs running the "
                + "virtual-work program (jobs wait instead of computing), the IPL's WAN emulation between clusters, all "
                + "times scaled by S; every cell beside the simulator's figure and the paper's.",
        subcommands = {Table21Emulation.class, GridLabEmulation.class, RunEmulation.class})
public final class ExperimentCommand implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
