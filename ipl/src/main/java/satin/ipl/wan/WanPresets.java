package satin.ipl.wan;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Built-in topologies from the Satin paper.
 * <ul>
 *   <li>{@code table2.1-RTTms-BWKBs}: the four wide-area settings of Table 2.1 (round trip 20 or 200 ms, so one-way
 *   latency 10 or 100 ms; bandwidth 1000 or 100 KByte/s), the same for every pair of different clusters.</li>
 *   <li>{@code gridlab-day}, {@code gridlab-night}: Table 4.2, measured between the six GridLab machines; the
 *   {@code period} column of the bundled CSV files selects the day or night rows. The paper gives round-trip
 *   latencies, so the one-way latency is half; bandwidth is per direction (row = from, column = to). Cluster
 *   names are the site names with every run of characters other than letters, digits, '.', '_' and '-' replaced
 *   by '-', e.g. {@code A-dam-DAS-2}.</li>
 * </ul>
 * A KByte is 1000 bytes throughout.
 */
public final class WanPresets {
    private static final String RESOURCES = "/satin/ipl/wan/";

    private WanPresets() {}

    public static Set<String> names() {
        Set<String> names = new java.util.LinkedHashSet<>();
        for (int rtt : new int[] {20, 200}) {
            for (int kbs : new int[] {1000, 100}) {
                names.add(table21Name(rtt, kbs));
            }
        }
        names.add("gridlab-day");
        names.add("gridlab-night");
        return names;
    }

    private static String table21Name(int rttMillis, int kbs) {
        return "table2.1-" + rttMillis + "ms-" + kbs + "KBs";
    }

    /** The named preset; unknown names give an error listing the known ones. */
    public static WanTopology load(String name) {
        for (int rtt : new int[] {20, 200}) {
            for (int kbs : new int[] {1000, 100}) {
                if (name.equals(table21Name(rtt, kbs))) {
                    return WanTopology.builder(name)
                            .wideAreaDefault(new LinkParameters(rtt * 1_000_000L / 2, kbs * 1000.0, 0, 0))
                            .build();
                }
            }
        }
        return switch (name) {
            case "gridlab-day" -> gridlab(name, "day");
            case "gridlab-night" -> gridlab(name, "night");
            default -> throw new IllegalArgumentException("unknown WAN preset '" + name + "'; known: " + names());
        };
    }

    /** The six GridLab machines, in the order of the paper's tables (bundled gridlab-sites.csv). */
    public static List<GridLabSite> gridlabSites() {
        List<GridLabSite> sites = new ArrayList<>();
        List<String[]> rows = readRows("gridlab-sites.csv");
        String[] header = rows.get(0);
        List<String> columns = List.of(header);
        for (String[] f : rows.subList(1, rows.size())) {
            sites.add(new GridLabSite(clusterName(f[columns.indexOf("site")]), f[columns.indexOf("site")],
                    Integer.parseInt(f[columns.indexOf("nodes")]),
                    Integer.parseInt(f[columns.indexOf("cpus_per_node")]),
                    Double.parseDouble(f[columns.indexOf("relative_node_speed")])));
        }
        return sites;
    }

    /** A site name as a cluster name usable in node locations. */
    public static String clusterName(String site) {
        return site.trim().replaceAll("[^A-Za-z0-9._-]+", "-");
    }

    private static WanTopology gridlab(String name, String period) {
        Map<List<String>, String> rtt = readMatrix("gridlab-latency-ms.csv", period);
        Map<List<String>, String> bandwidth = readMatrix("gridlab-bandwidth-KBs.csv", period);
        WanTopology.Builder b = WanTopology.builder(name);
        List<String> sites = new ArrayList<>();
        for (List<String> pair : rtt.keySet()) {
            if (!sites.contains(pair.get(0))) {
                sites.add(pair.get(0));
            }
        }
        sites.forEach(b::cluster);
        for (Map.Entry<List<String>, String> e : rtt.entrySet()) {
            String latency = e.getValue();
            String bw = bandwidth.get(e.getKey());
            if (latency.equals("-") || bw == null || bw.equals("-")) {
                continue;
            }
            long oneWayNanos = Math.round(Double.parseDouble(latency) * 1e6 / 2);
            b.link(e.getKey().get(0), e.getKey().get(1),
                    new LinkParameters(oneWayNanos, Double.parseDouble(bw) * 1000, 0, 0));
        }
        return b.build();
    }

    /** Reads "period,from,site..." rows of one period into (from, to) -> cell, with cluster names. */
    private static Map<List<String>, String> readMatrix(String resource, String period) {
        Map<List<String>, String> cells = new LinkedHashMap<>();
        List<String[]> rows = readRows(resource);
        String[] header = rows.get(0);
        for (String[] f : rows.subList(1, rows.size())) {
            if (!f[0].trim().equals(period)) {
                continue;
            }
            for (int i = 2; i < f.length; i++) {
                cells.put(List.of(clusterName(f[1]), clusterName(header[i])), f[i].trim());
            }
        }
        if (cells.isEmpty()) {
            throw new IllegalStateException(resource + " has no rows for period '" + period + "'");
        }
        return cells;
    }

    /** The header and data rows of a bundled CSV file (comment lines skipped; fields contain no commas). */
    private static List<String[]> readRows(String resource) {
        List<String[]> rows = new ArrayList<>();
        try (InputStream in = WanPresets.class.getResourceAsStream(RESOURCES + resource)) {
            if (in == null) {
                throw new IllegalStateException("preset data " + resource + " missing from the class path");
            }
            BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            String line;
            while ((line = r.readLine()) != null) {
                if (line.isBlank() || line.startsWith("#")) {
                    continue;
                }
                String[] f = line.split(",", -1);
                if (!rows.isEmpty() && f.length != rows.get(0).length) {
                    throw new IllegalStateException(resource + ": row '" + line + "' has " + f.length
                            + " fields, the header " + rows.get(0).length);
                }
                rows.add(f);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (rows.size() < 2) {
            throw new IllegalStateException(resource + " has no data rows");
        }
        return rows;
    }
}
