package satin.cli.experiment;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import satin.runtime.node.report.NodeReport;
import satin.runtime.node.SatinNode;
import satin.virtual.VirtualNode;

/**
 * The message and steal counts of the measured tree alone. A node's statistics count from its start, so they hold the
 * warm-up tree and the gap before the measured tree too (measured by night under CRS: 40-56% of the wide-area steal
 * attempts). The host JVM of the master is told when the measured tree starts and ends ({@link VirtualNode.TreeWatcher},
 * on the program's main thread) and writes every node's counters it hosts at both moments ({@link #START}, {@link #END},
 * read from the nodes' own counters while they run: {@link SatinNode#reportSoFar()}); {@link #read} subtracts them.
 * With several host JVMs the master's host sees only its own nodes, and the counts stay those from the nodes' start.
 *
 * <p>The same two moments give each node's idle time over the tree ({@link #idleOverTree}): a node's idle time counts
 * from its start too, and the warm-up tree before the measured one kept most nodes busy, so no fixed share of the
 * time before the tree can be taken off it.
 */
final class TreeCounts implements VirtualNode.TreeWatcher {
    static final String START = "tree-counts-start.json";
    static final String END = "tree-counts-end.json";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String[] FIELDS = {"intraClusterMessages", "intraClusterBytes", "interClusterMessages",
        "interClusterBytes", "intraClusterStealAttempts", "interClusterStealAttempts"};
    /** A node's workers' idle time so far (looking for work or waiting in a sync, the open stretch up to now). */
    private static final String IDLE = "idleNanos";

    /** Over the measured tree, all nodes summed. */
    record Counts(long intraMessages, long intraBytes, long interMessages, long interBytes, long intraStealAttempts,
            long interStealAttempts) {

        /** The counts a statistics object holds under the names of {@code --stats-json} (from each node's start). */
        static Counts of(JsonNode stats) {
            long[] v = new long[FIELDS.length];
            for (int i = 0; i < FIELDS.length; i++) {
                v[i] = stats.get(FIELDS[i]).asLong();
            }
            return of(v);
        }

        private static Counts of(long[] v) {
            return new Counts(v[0], v[1], v[2], v[3], v[4], v[5]);
        }
    }

    private final List<SatinNode> nodes;
    private final Path dir;

    /** @param nodes the nodes this JVM hosts (filled as they start; read when the tree starts and ends) */
    TreeCounts(List<SatinNode> nodes, Path dir) {
        this.nodes = nodes;
        this.dir = dir;
    }

    @Override
    public void measuredTreeStarts() {
        write(dir.resolve(START));
    }

    @Override
    public void measuredTreeEnded() {
        write(dir.resolve(END));
    }

    private void write(Path file) {
        List<NodeReport> reports = new ArrayList<>();
        synchronized (nodes) {
            for (SatinNode n : nodes) {
                NodeReport r = n.reportSoFar(); // all read first, the file written after
                if (r != null) {
                    reports.add(r);
                }
            }
        }
        ArrayNode all = JSON.createArrayNode();
        for (NodeReport r : reports) {
            ObjectNode o = all.addObject();
            o.put("node", r.node());
            long[] v = {r.intraClusterMessages(), r.intraClusterBytes(), r.interClusterMessages(), r.interClusterBytes(),
                r.intraClusterStealAttempts(), r.interClusterStealAttempts()};
            for (int i = 0; i < FIELDS.length; i++) {
                o.put(FIELDS[i], v[i]);
            }
            o.put(IDLE, r.idleNanos());
        }
        try {
            JSON.writeValue(file.toFile(), all);
        } catch (IOException e) {
            // the experiment then reports the counts from the nodes' start, and says so
            System.err.println("warning: cannot write " + file + ": " + e.getMessage());
        }
    }

    /**
     * The counts over the measured tree from {@code dir}'s two files, or null unless both hold all {@code nodes}
     * nodes (several host JVMs, or a file not written).
     */
    static Counts read(Path dir, int nodes) throws IOException {
        Map<String, JsonNode> start = byNode(dir.resolve(START));
        Map<String, JsonNode> end = byNode(dir.resolve(END));
        if (!complete(start, end, nodes)) {
            return null;
        }
        long[] sum = new long[FIELDS.length];
        for (Map.Entry<String, JsonNode> e : end.entrySet()) {
            JsonNode s = start.get(e.getKey());
            for (int i = 0; i < FIELDS.length; i++) {
                sum[i] += e.getValue().get(FIELDS[i]).asLong() - s.get(FIELDS[i]).asLong();
            }
        }
        return Counts.of(sum);
    }

    /**
     * Each node's idle nanoseconds over the measured tree, by node name, from {@code dir}'s two files; null unless both
     * hold all {@code nodes} nodes with their idle time (several host JVMs, a file not written, or an older file).
     */
    static Map<String, Long> idleOverTree(Path dir, int nodes) throws IOException {
        Map<String, JsonNode> start = byNode(dir.resolve(START));
        Map<String, JsonNode> end = byNode(dir.resolve(END));
        if (!complete(start, end, nodes)) {
            return null;
        }
        Map<String, Long> idle = new HashMap<>();
        for (Map.Entry<String, JsonNode> e : end.entrySet()) {
            JsonNode s = start.get(e.getKey());
            if (!e.getValue().has(IDLE) || !s.has(IDLE)) {
                return null;
            }
            idle.put(e.getKey(), e.getValue().get(IDLE).asLong() - s.get(IDLE).asLong());
        }
        return idle;
    }

    private static boolean complete(Map<String, JsonNode> start, Map<String, JsonNode> end, int nodes) {
        return start.size() == nodes && end.size() == nodes && start.keySet().equals(end.keySet());
    }

    private static Map<String, JsonNode> byNode(Path file) throws IOException {
        Map<String, JsonNode> map = new HashMap<>();
        if (Files.isRegularFile(file)) {
            for (JsonNode n : JSON.readTree(file.toFile())) {
                map.put(n.get("node").asText(), n);
            }
        }
        return map;
    }
}
