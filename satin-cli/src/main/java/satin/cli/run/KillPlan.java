package satin.cli.run;

import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The faults {@code --kill NODE@WHEN,...} injects into a local multi-node run: nodes killed by the launcher a time
 * after their launch, and nodes that halt themselves after running a number of jobs (driven by the run's progress,
 * hence what tests use).
 */
record KillPlan(Map<Integer, Long> afterMillis, Map<Integer, Long> afterJobs) {

    static final KillPlan NONE = new KillPlan(Map.of(), Map.of());

    KillPlan {
        afterMillis = Map.copyOf(afterMillis);
        afterJobs = Map.copyOf(afterJobs);
    }

    /** Parses {@code NODE@SECONDS}, {@code NODE@SECONDSs} or {@code NODE@Kj}; NODE is {@code nodeI} or {@code I}. */
    static KillPlan parse(List<String> specs, int nodes) {
        Map<Integer, Long> millis = new HashMap<>();
        Map<Integer, Long> jobs = new HashMap<>();
        for (String spec : specs) {
            int at = spec.indexOf('@');
            if (at <= 0 || at == spec.length() - 1) {
                throw new IllegalArgumentException("--kill wants NODE@SECONDS or NODE@Kj (e.g. node1@2, node1@500j), got '"
                        + spec + "'");
            }
            String name = spec.substring(0, at).trim();
            String when = spec.substring(at + 1).trim().toLowerCase(Locale.ROOT);
            int node;
            try {
                node = Integer.parseInt(name.startsWith("node") ? name.substring(4) : name);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("--kill: '" + name + "' is not a node (node0..node" + (nodes - 1)
                        + ")");
            }
            if (node < 0 || node >= nodes) {
                throw new IllegalArgumentException("--kill: node" + node + " is not one of node0..node" + (nodes - 1));
            }
            if (node == 0) {
                throw new IllegalArgumentException("--kill: node0 runs main (the master); surviving its crash is not "
                        + "supported in this version");
            }
            if (millis.containsKey(node) || jobs.containsKey(node)) {
                throw new IllegalArgumentException("--kill: node" + node + " is named twice");
            }
            try {
                if (when.endsWith("j")) {
                    long k = Long.parseLong(when.substring(0, when.length() - 1));
                    if (k < 1) {
                        throw new NumberFormatException();
                    }
                    jobs.put(node, k);
                } else {
                    double seconds = Double.parseDouble(when.endsWith("s") ? when.substring(0, when.length() - 1) : when);
                    if (!(seconds >= 0) || Double.isInfinite(seconds)) {
                        throw new NumberFormatException();
                    }
                    millis.put(node, Math.round(seconds * 1000));
                }
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("--kill: '" + when + "' is neither SECONDS (e.g. 2.5) nor a job "
                        + "count (e.g. 500j) in '" + spec + "'");
            }
        }
        return new KillPlan(millis, jobs);
    }
}
