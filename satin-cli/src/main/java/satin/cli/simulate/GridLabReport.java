package satin.cli.simulate;

import static satin.cli.simulate.Table21Report.num;

import java.io.PrintWriter;
import java.util.List;
import satin.simulator.model.RunResult;
import satin.simulator.paper.GridLabExperiment.PaperRow;
import satin.simulator.paper.GridLabExperiment.Row;

/** Tables 4.5 (times and overheads) and 4.6 (communication), simulated lines followed by the paper's. */
final class GridLabReport {
    private GridLabReport() {
    }

    static void print(PrintWriter out, List<Row> rows) {
        out.println("Table 4.5 style: times in s, overheads relative to t_perfect = t_s / sum of speeds");
        out.printf("%-24s %-4s %-6s %9s %9s %7s %9s %7s %7s%n", "run", "alg", "source", "t_grid", "t_comm", "comm%", "t_par", "par%", "eff%");
        for (Row r : rows) {
            RunResult s = r.simulated();
            out.printf("%-24s %-4s %-6s %9.1f %9.1f %7.1f %9.1f %7.1f %7.1f%n", r.run(), r.policy(), "sim", s.runSeconds(), s.commSeconds(),
                    100 * s.commOverhead(), s.parSeconds(), 100 * s.parOverhead(), 100 * s.gridEfficiency());
            PaperRow p = r.paper();
            if (p != null) {
                out.printf("%-24s %-4s %-6s %9s %9s %7s %9s %7s %7s%n", "", "", "paper", num(p.runSeconds(), "%.1f"), num(p.commSeconds(), "%.1f"),
                        num(p.commOverheadPct(), "%.1f"), num(p.parSeconds(), "%.1f"), num(p.parOverheadPct(), "%.1f"), num(p.efficiencyPct(), "%.1f"));
            }
        }
        out.println();
        out.println("Table 4.6 style: communication");
        out.printf("%-24s %-4s %-6s %12s %10s %12s %10s%n", "run", "alg", "source", "intra msgs", "intra MB", "inter msgs", "inter MB");
        for (Row r : rows) {
            RunResult s = r.simulated();
            out.printf("%-24s %-4s %-6s %12d %10.1f %12d %10.1f%n", r.run(), r.policy(), "sim", s.intraMessages(), s.intraBytes() / 1e6,
                    s.interMessages(), s.interBytes() / 1e6);
            PaperRow p = r.paper();
            if (p != null) {
                out.printf("%-24s %-4s %-6s %12s %10s %12s %10s%n", "", "", "paper", num(p.intraMessages(), "%.0f"), num(p.intraMB(), "%.1f"),
                        num(p.interMessages(), "%.0f"), num(p.interMB(), "%.1f"));
            }
        }
        out.println();
        out.println("Work per site (share of total work done vs share of compute power, Fig. 4.2):");
        for (Row r : rows) {
            if (r.run().startsWith("single")) {
                continue;
            }
            StringBuilder b = new StringBuilder(String.format("%-4s", r.policy()));
            for (RunResult.SiteWork site : r.simulated().sites()) {
                b.append(String.format("  %s %.1f%%/%.1f%%", site.name(), 100 * site.workShare(), 100 * site.powerShare()));
            }
            out.println(b);
        }
    }
}
