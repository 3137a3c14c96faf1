package satin.samples.testing;

import java.util.LinkedHashMap;
import java.util.Map;

/** The first per-node table that {@code satin.stats=full} prints on the master's standard error. */
public final class NodeTable {

    private NodeTable() {
    }

    /** Jobs executed per node name, from the table's {@code jobsExecuted} column; empty when there is no table. */
    public static Map<String, Long> jobsExecuted(String stderr) {
        Map<String, Long> jobs = new LinkedHashMap<>();
        boolean inTable = false;
        int column = -1;
        for (String line : stderr.lines().toList()) {
            if (line.startsWith("satin statistics (") && line.contains(" nodes, ")) {
                inTable = true;
                continue;
            }
            if (!inTable) {
                continue;
            }
            String[] cells = line.trim().split("\\s+");
            if (column < 0) {
                column = cells[0].equals("node") ? java.util.List.of(cells).indexOf("jobsExecuted") : -1;
                continue;
            }
            if (cells[0].equals("total") || cells.length <= column) {
                break;
            }
            jobs.put(cells[0], Long.parseLong(cells[column]));
        }
        return jobs;
    }
}
