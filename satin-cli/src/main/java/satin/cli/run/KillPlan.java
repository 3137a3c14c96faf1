package satin.cli.run;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The faults {@code --kill NODE@WHEN,...} (or the leaves {@code --leave NODE@WHEN,...}) injected into a local
 * multi-node run: nodes that halt (or leave) a time after their run started, or after running a number of jobs
 * (driven by the run's progress, hence what tests use).
 */
record KillPlan(Map<Integer, Long> afterMillis, Map<Integer, Long> afterJobs, Map<Integer, Integer> whileStolen) {

    static final KillPlan NONE = new KillPlan(Map.of(), Map.of(), Map.of());
    /** The job count that stands for {@code NODE@done}: after main returned, once the first DONE is sent. */
    static final long AT_DONE = -1;

    KillPlan {
        afterMillis = Map.copyOf(afterMillis);
        afterJobs = Map.copyOf(afterJobs);
        whileStolen = Map.copyOf(whileStolen);
    }

    /**
     * Parses the values of {@code --kill}: {@code NODE@SECONDS}, {@code NODE@SECONDSs} or {@code NODE@Kj}, each
     * optionally followed by {@code +Kt} (then the node halts at the first moment from then on at which other nodes
     * run at least K of its jobs: it dies with orphans), or {@code NODE@Kt} alone (from the start); NODE is
     * {@code nodeI} or {@code I}. Any node may be killed, the master (node0) too.
     */
    static KillPlan parse(List<String> specs, int nodes) {
        return parse("--kill", specs, nodes);
    }

    /** Parses the values of {@code --leave}, as {@link #parse}; the master (node0) cannot leave. */
    static KillPlan parseLeaves(List<String> specs, int nodes) {
        return parse("--leave", specs, nodes);
    }

    /** Whether node {@code node} is named. */
    boolean names(int node) {
        return afterMillis.containsKey(node) || afterJobs.containsKey(node);
    }

    private static KillPlan parse(String option, List<String> specs, int nodes) {
        Map<Integer, Long> millis = new HashMap<>();
        Map<Integer, Long> jobs = new HashMap<>();
        Map<Integer, Integer> stolen = new HashMap<>();
        for (String spec : specs) {
            NamedMoment named = NamedMoment.parse(option, spec, "node", nodes,
                    "NODE@SECONDS or NODE@Kj (e.g. node1@2, node1@500j)", "");
            int node = named.index();
            String when = named.when();
            if (node == 0 && option.equals("--leave")) {
                throw new IllegalArgumentException("--leave: node0 runs main (the master) and cannot leave; kill it "
                        + "instead (--kill node0@...): another node then runs main again");
            }
            if (millis.containsKey(node) || jobs.containsKey(node)) {
                throw new IllegalArgumentException(option + ": node" + node + " is named twice");
            }
            if (when.equals("done")) {
                if (node != 0 || !option.equals("--kill")) {
                    throw new IllegalArgumentException(option + ": '" + spec + "': only the master can be killed at "
                            + "'done' (--kill node0@done: after main returned, once its first DONE is sent)");
                }
                jobs.put(node, AT_DONE);
                continue;
            }
            int plus = when.lastIndexOf('+');
            String held = plus >= 0 ? when.substring(plus + 1).trim() : when.endsWith("t") ? when : null;
            if (held != null) {
                if (!option.equals("--kill")) {
                    throw new IllegalArgumentException(option + ": '" + spec + "': only --kill takes a held-jobs "
                            + "condition (+Kt)");
                }
                stolen.put(node, heldJobs(option, held, spec));
                when = plus >= 0 ? when.substring(0, plus).trim() : "0";
            }
            try {
                When moment = When.parse(when);
                if (moment.jobs() > 0) {
                    jobs.put(node, moment.jobs());
                } else {
                    millis.put(node, moment.millis());
                }
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(option + ": '" + when + "' is neither SECONDS (e.g. 2.5) nor a job "
                        + "count (e.g. 500j) in '" + spec + "'");
            }
        }
        return new KillPlan(millis, jobs, stolen);
    }

    /** Reads {@code Kt} (K >= 1): the node's jobs other nodes must run at the moment it halts. */
    private static int heldJobs(String option, String held, String spec) {
        try {
            if (held.endsWith("t")) {
                int k = Integer.parseInt(held.substring(0, held.length() - 1));
                if (k >= 1) {
                    return k;
                }
            }
        } catch (NumberFormatException e) {
            // the message below
        }
        throw new IllegalArgumentException(option + ": '" + held + "' is not a count of jobs held by other nodes "
                + "(e.g. 1t: once other nodes run at least one of its jobs) in '" + spec + "'");
    }
}
