package satin.cli.run;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import satin.runtime.node.report.FaultReport;
import satin.runtime.node.report.Figure;
import satin.runtime.node.report.Figures;
import satin.runtime.node.report.NodeFaults;
import satin.runtime.node.report.NodeReport;
import satin.runtime.node.report.RunReport;

/**
 * The statistics of a multi-node run as JSON ({@code --stats-json}); the text of {@code --stats} is the runtime's
 * {@code ReportText}, shared with programs started with plain {@code java}. Both name every figure as
 * {@link Figures} does: camelCase, durations in milliseconds under names ending in {@code Ms}, moments as ISO-8601
 * timestamps (UTC). {@link #VERSION} changes whenever a field is renamed or removed. The meaning of every figure is in
 * the runtime's README.
 */
public final class RunReportFormat {

    /**
     * The layout of the file, its field {@code version}. 1 (no field): snake_case names beside camelCase ones,
     * durations in nanoseconds, detection moments in epoch milliseconds; 2: the names of {@link Figures}.
     */
    public static final int VERSION = 2;

    private RunReportFormat() {
    }

    /** Writes the report as JSON: algorithm, main's time, one object per node, the total and the breakdown. */
    public static void writeJson(RunReport report, Path file) throws IOException {
        ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
        ObjectNode root = mapper.createObjectNode();
        root.put("version", VERSION);
        root.put("algorithm", report.algorithm());
        root.put("mainMs", report.mainNanos() / 1e6);
        ArrayNode nodes = root.putArray("nodes");
        report.nodes().forEach(n -> node(nodes.addObject(), n));
        node(root.putObject("total"), report.total());
        ArrayNode clusters = root.putArray("clusters");
        for (RunReport.ClusterShare c : report.clusters()) {
            clusters.addObject().put("cluster", c.cluster()).put("nodes", c.nodes()).put("workers", c.workers())
                    .put("busy", c.busy());
        }
        ObjectNode breakdown = root.putObject("breakdown");
        report.breakdown().forEach(breakdown::put);
        FaultReport f = report.faults();
        ObjectNode faults = root.putObject("faults");
        faults.put("faultTolerant", f.faultTolerant());
        ArrayNode lost = faults.putArray("lost");
        for (FaultReport.Loss l : f.lost()) {
            lost.addObject().put("node", l.node())
                    .put("firstDetected", Instant.ofEpochMilli(l.firstDetectedMillis()).toString())
                    .put("lastDetected", Instant.ofEpochMilli(l.lastDetectedMillis()).toString());
        }
        strings(faults.putArray("left"), f.left());
        strings(faults.putArray("joined"), f.joined());
        faults.put("detectionMs", f.detectionMillis());
        faults.put("master", f.master());
        ArrayNode faultNodes = faults.putArray("nodes");
        f.nodes().forEach(n -> faults(faultNodes.addObject(), n));
        faults(faults.putObject("total"), f.total());
        mapper.writeValue(file.toFile(), root);
    }

    private static void node(ObjectNode o, NodeReport n) {
        o.put("node", n.node()).put("cluster", n.cluster());
        for (Figures.Group g : Figures.NODE) {
            g.figures().forEach(fig -> put(o, fig, n));
        }
    }

    private static void faults(ObjectNode o, NodeFaults n) {
        o.put("node", n.node());
        Figures.FAULTS.forEach(fig -> put(o, fig, n));
    }

    private static <T> void put(ObjectNode o, Figure<T> fig, T row) {
        Number v = fig.json(row);
        if (v instanceof Long l) {
            o.put(fig.name(), l);
        } else {
            o.put(fig.name(), v.doubleValue());
        }
    }

    private static void strings(ArrayNode array, List<String> values) {
        values.forEach(array::add);
    }
}
