package satin.cli.run;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The nodes {@code --add-node-after SECONDS|Kj,...} adds to a local run while it runs, one per value: after a time
 * since the run started, or once the master has run K jobs (driven by the run's progress, hence what tests use).
 *
 * @param afterMillis per added node, its delay in milliseconds, or -1 when it waits for a job count
 * @param afterJobs   per added node, the master's job count it waits for, or -1 when it waits for a time
 */
record JoinPlan(List<Long> afterMillis, List<Long> afterJobs) {

    static final JoinPlan NONE = new JoinPlan(List.of(), List.of());

    JoinPlan {
        afterMillis = List.copyOf(afterMillis);
        afterJobs = List.copyOf(afterJobs);
    }

    int size() {
        return afterMillis.size();
    }

    /** The job counts the master announces (sorted, distinct). */
    List<Long> announcements() {
        return afterJobs.stream().filter(k -> k > 0).distinct().sorted().toList();
    }

    /** The line the master prints once it has run {@code jobs} jobs, on which the launcher adds a node. */
    static String announcement(String master, long jobs) {
        return "satin run: " + master + " has run " + jobs + " jobs: a node joins (--add-node-after " + jobs + "j)";
    }

    static JoinPlan parse(List<String> specs) {
        List<Long> millis = new ArrayList<>();
        List<Long> jobs = new ArrayList<>();
        for (String spec : specs) {
            String when = spec.trim().toLowerCase(Locale.ROOT);
            try {
                When moment = When.parse(when);
                millis.add(moment.millis());
                jobs.add(moment.jobs());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("--add-node-after: '" + spec + "' is neither SECONDS (e.g. 2.5) nor a "
                        + "job count of the master (e.g. 40j)");
            }
        }
        return new JoinPlan(millis, jobs);
    }
}
