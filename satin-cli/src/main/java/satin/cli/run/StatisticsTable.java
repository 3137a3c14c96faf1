package satin.cli.run;

import java.util.List;
import java.util.Locale;
import satin.runtime.spawn.WorkerStatistics;

/** Formats worker statistics as a text table: one row per worker and a total row. */
public final class StatisticsTable {

    private static final String FORMAT = "%-7s %14s %14s %14s %14s %12s %10s %10s%n";

    private StatisticsTable() {
    }

    public static String format(List<WorkerStatistics> perWorker) {
        StringBuilder out = new StringBuilder();
        out.append(String.format(Locale.ROOT, FORMAT, "worker", "spawns", "inlined", "jobs-executed",
                "steal-attempts", "steals", "run-ms", "idle-ms"));
        WorkerStatistics total = WorkerStatistics.zero();
        for (WorkerStatistics s : perWorker) {
            out.append(row(Integer.toString(s.worker()), s));
            total = total.plus(s);
        }
        out.append(row("total", total));
        return out.toString();
    }

    private static String row(String label, WorkerStatistics s) {
        return String.format(Locale.ROOT, FORMAT, label, s.spawns(), s.spawnsInlined(), s.jobsExecuted(),
                s.stealAttempts(), s.steals(), s.runNanos() / 1_000_000, s.idleNanos() / 1_000_000);
    }
}
