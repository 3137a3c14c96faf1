package satin.cli.simulate;

import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import satin.simulator.paper.Table21Experiment.Row;
import satin.simulator.paper.Table21Setting;

/**
 * Prints Table 2.1 in the paper's layout: one line per application and algorithm, per setting the run time and
 * efficiency, simulated ("sim") and the paper's ("paper").
 */
final class Table21Report {
    private Table21Report() {
    }

    static void print(PrintWriter out, List<Row> rows, List<Table21Setting> settings) {
        StringBuilder head = new StringBuilder(String.format("%-22s %-4s", "application", "alg"));
        StringBuilder sub = new StringBuilder(String.format("%-22s %-4s", "", ""));
        for (Table21Setting s : settings) {
            head.append(String.format(" | %-31s", s.label()));
            sub.append(String.format(" | %7s %6s %8s %7s", "time", "eff", "p.time", "p.eff"));
        }
        out.println(head);
        out.println(sub);
        Map<String, Row[]> lines = new LinkedHashMap<>();
        for (Row r : rows) {
            Row[] line = lines.computeIfAbsent(r.app() + "\u0000" + r.policy(), k -> new Row[settings.size()]);
            for (int i = 0; i < settings.size(); i++) {
                if (settings.get(i).label().equals(r.setting())) {
                    line[i] = r;
                }
            }
        }
        for (Row[] line : lines.values()) {
            Row first = firstNonNull(line);
            StringBuilder b = new StringBuilder(String.format("%-22s %-4s", first.app(), first.policy()));
            for (Row r : line) {
                if (r == null) {
                    b.append(String.format(" | %31s", ""));
                } else {
                    b.append(String.format(" | %7.1f %5.1f%% %8s %7s", r.runSeconds(), 100 * r.efficiency(),
                            num(r.paperRunSeconds(), "%.1f"), num(100 * r.paperEfficiency(), "%.1f%%")));
                }
            }
            out.println(b);
        }
        out.println("time = simulated run time (s), eff = t_s / (t_p * N); p.time, p.eff = the paper's Table 2.1.");
    }

    private static Row firstNonNull(Row[] line) {
        for (Row r : line) {
            if (r != null) {
                return r;
            }
        }
        throw new IllegalStateException("empty table line");
    }

    static String num(double v, String format) {
        return Double.isNaN(v) ? "-" : String.format(format, v);
    }
}
