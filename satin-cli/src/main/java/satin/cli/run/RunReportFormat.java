package satin.cli.run;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Path;
import satin.runtime.node.report.RunReport;

/**
 * The statistics of a multi-node run as JSON ({@code --stats-json}); the text table of {@code --stats} is the
 * runtime's {@code ReportText}, shared with programs started with plain {@code java}. The meaning of every figure is
 * in the runtime's README.
 */
public final class RunReportFormat {

    private RunReportFormat() {
    }

    /** Writes the report as JSON: algorithm, main's time, one object per node, the total and the breakdown. */
    public static void writeJson(RunReport report, Path file) throws IOException {
        ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
        ObjectNode root = mapper.createObjectNode();
        root.put("algorithm", report.algorithm());
        root.put("main_ms", report.mainNanos() / 1_000_000.0);
        root.set("nodes", mapper.valueToTree(report.nodes()));
        root.set("total", mapper.valueToTree(report.total()));
        root.set("breakdown", mapper.valueToTree(report.breakdown()));
        ObjectNode faults = mapper.createObjectNode();
        faults.put("fault_tolerant", report.faults().faultTolerant());
        faults.set("lost", mapper.valueToTree(report.faults().lost()));
        faults.set("left", mapper.valueToTree(report.faults().left()));
        faults.set("joined", mapper.valueToTree(report.faults().joined()));
        faults.put("detection_ms", report.faults().detectionMillis());
        faults.put("master", report.faults().master());
        faults.set("nodes", mapper.valueToTree(report.faults().nodes()));
        faults.set("total", mapper.valueToTree(report.faults().total()));
        root.set("faults", faults);
        mapper.writeValue(file.toFile(), root);
    }
}
