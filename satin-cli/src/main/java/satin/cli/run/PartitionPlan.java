package satin.cli.run;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The network partitions {@code --partition CLUSTER@WHEN[+SECONDS],...} injected into a local multi-node run: each
 * node of cluster CLUSTER cuts its wide-area links and its registry connection at WHEN as it sees it ({@link When}:
 * SECONDS after its run started, or once it has run K jobs), for SECONDS (or for good without {@code +SECONDS}).
 *
 * @param cuts by cluster number: when the cut starts
 * @param forMillis by cluster number: how long it lasts, or -1 for the rest of the run
 */
record PartitionPlan(Map<Integer, When> cuts, Map<Integer, Long> forMillis) {

    static final PartitionPlan NONE = new PartitionPlan(Map.of(), Map.of());

    PartitionPlan {
        cuts = Map.copyOf(cuts);
        forMillis = Map.copyOf(forMillis);
    }

    /** Parses the values of {@code --partition}; CLUSTER is {@code clusterI} or {@code I}, below {@code clusters}. */
    static PartitionPlan parse(List<String> specs, int clusters) {
        Map<Integer, When> cuts = new HashMap<>();
        Map<Integer, Long> lasting = new HashMap<>();
        for (String spec : specs) {
            NamedMoment named = NamedMoment.parse("--partition", spec, "cluster", clusters,
                    "CLUSTER@WHEN[+SECONDS] (e.g. cluster1@2+5, cluster1@40j+5)", " (--clusters " + clusters + ")");
            int cluster = named.index();
            String rest = named.when();
            if (cuts.containsKey(cluster)) {
                throw new IllegalArgumentException("--partition: cluster" + cluster + " is named twice");
            }
            int plus = rest.indexOf('+');
            String when = plus < 0 ? rest : rest.substring(0, plus);
            long millis = -1;
            try {
                cuts.put(cluster, When.parse(when));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("--partition: '" + when + "' is neither SECONDS (e.g. 2.5) nor a job "
                        + "count (e.g. 500j) in '" + spec + "'");
            }
            if (plus >= 0) {
                String duration = rest.substring(plus + 1);
                try {
                    When d = When.parse(duration);
                    if (d.millis() <= 0) {
                        throw new NumberFormatException();
                    }
                    millis = d.millis();
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("--partition: the duration '" + duration + "' in '" + spec
                            + "' is not a positive number of SECONDS");
                }
            }
            lasting.put(cluster, millis);
        }
        return new PartitionPlan(cuts, lasting);
    }

    /** Whether cluster {@code cluster} is cut. */
    boolean cuts(int cluster) {
        return cuts.containsKey(cluster);
    }
}
