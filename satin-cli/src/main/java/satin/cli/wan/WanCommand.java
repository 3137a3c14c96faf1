package satin.cli.wan;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import satin.ipl.wan.WanPresets;
import satin.ipl.wan.WanProvider;
import satin.ipl.wan.WanTopology;

/**
 * {@code satin wan}: lists the WAN presets, or checks a topology (preset or file) and prints the resolved link
 * parameters for every ordered pair of its clusters.
 */
@Command(name = "wan", mixinStandardHelpOptions = true,
        description = "Check a WAN emulation topology (preset or file) and print its links; without --topology, "
                + "list the presets.")
public final class WanCommand implements Callable<Integer> {
    @Option(names = "--topology", paramLabel = "PRESET|FILE",
            description = "A preset name or a topology file (format: ipl/README.md, WAN).")
    String topology;

    @Option(names = "--clusters", paramLabel = "NAME", split = ",",
            description = "Clusters to show for a topology that declares none (e.g. c1,c2).")
    List<String> clusters = new ArrayList<>();

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        if (topology == null) {
            out.println("WAN presets:");
            for (String name : WanPresets.names()) {
                out.println("  " + name);
            }
            out.flush();
            return 0;
        }
        WanTopology t;
        try {
            t = WanProvider.topology(topology);
        } catch (java.io.IOException e) {
            spec.commandLine().getErr().println("error: " + e.getMessage());
            return 2;
        }
        List<String> names = t.clusters().isEmpty() ? clusters : List.copyOf(t.clusters());
        out.println("topology " + t.name() + ": " + (t.clusters().isEmpty() ? "any clusters" : names.size()
                + " clusters"));
        out.println("  default between clusters: " + t.wideAreaDefault());
        out.println("  within a cluster:         " + t.local());
        for (String from : names) {
            for (String to : names) {
                if (!from.equals(to)) {
                    out.printf(Locale.ROOT, "  %-14s -> %-14s %s%n", from, to, t.link(from, to));
                }
            }
        }
        out.flush();
        return 0;
    }
}
