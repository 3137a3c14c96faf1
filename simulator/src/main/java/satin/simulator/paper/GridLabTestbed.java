package satin.simulator.paper;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import satin.balance.ClusterMap;
import satin.simulator.model.Platform;
import satin.simulator.network.LinkSpec;
import satin.simulator.network.Link;
import satin.simulator.network.Topology;
import satin.wanmodel.LatencySwing;
import satin.wanmodel.TcpThroughput;

/**
 * The paper's GridLab testbed (Tables 4.1, 4.2, 4.4) built from the data files: one simulated node per CPU (the
 * paper ran one JVM per CPU), one cluster per machine, each node at its machine's measured relative speed, and the
 * day or night latency/bandwidth matrix between machines. When {@code lossyLecce}, Lecce's links additionally get the
 * paper's reported daytime misbehaviour of its link to Amsterdam (round trips from 44 ms up to 3.5 s, up to 23% loss):
 * with TCP paths as swings on every link of Lecce, with steady links as jitter and loss on the Amsterdam-Lecce links.
 *
 * <p>Why every Lecce link with TCP paths: the paper measured the swings on the Amsterdam-Lecce link only, but its
 * Table 4.2 shows what made them on all of Lecce's links. By day every round trip to or from Lecce is 178-210 ms, 114-147
 * ms more than by night (51-66 ms), while no link between the other sites changes by more than 25 ms; and every
 * bandwidth out of Lecce falls by day (to Cardiff 94 to 44 KB/s, Brno 110 to 43, Berlin 82 to 7.5, A'dam Sun 803 to
 * 425). One added delay common to all of Lecce's paths is a queue on the link they share, Lecce's own access link, so
 * its swings are every Lecce path's swings.
 */
public final class GridLabTestbed {
    /** Inside a machine or site: 100 us one way, 10 MByte/s (switched Fast Ethernet class). */
    public static final LinkSpec SITE_LOCAL = LinkSpec.of(100_000, 10e6);

    public enum Period { DAY, NIGHT }

    /**
     * How the wide-area links behave. {@code STEADY}: each message takes latency + bytes / bandwidth (and, on the
     * Amsterdam-Lecce links by day, a uniform jitter up to 3.5 s and 23% loss per message). {@code TCP}: each link is a
     * TCP path ({@link satin.wanmodel.TcpPath}) at its measured throughput with the loss rate that throughput implies
     * at its round trip (Padhye's model), slow start after idle, and by day the round trips of every Lecce link
     * swinging between the measured 44 ms and 3.5 s around the table's value (the retransmission timeout then what
     * such swings teach TCP, {@link TcpThroughput#rto(LatencySwing, long)}).
     */
    public enum LinkModel {
        STEADY, TCP;

        /** {@code tcp} or {@code steady}, any case; else an error naming both. */
        public static LinkModel parse(String name) {
            return switch (name.toLowerCase(java.util.Locale.ROOT)) {
                case "tcp" -> TCP;
                case "steady" -> STEADY;
                default -> throw new IllegalArgumentException("the link model must be tcp or steady, got '" + name + "'");
            };
        }
    }

    /**
     * The least and the largest round trip the paper measured on the Amsterdam-Lecce link (Section 4), by day the
     * swings of every Lecce link (see the class comment).
     */
    public static final long LECCE_MIN_RTT_NANOS = 44_000_000L;
    public static final long LECCE_MAX_RTT_NANOS = 3_500_000_000L;
    /**
     * How long one round trip of a swing lasts. Not measured in the paper (it gives the range only); one second is of
     * the order of a congestion episode on a shared link, and long enough that a steal request and its reply see
     * one round trip.
     */
    public static final long SWING_EPOCH_NANOS = 1_000_000_000L;

    private GridLabTestbed() {
    }

    /**
     * @param latencyScale multiplies every wide-area latency (1 = the paper's)
     * @param bandwidthScale multiplies every wide-area bandwidth
     */
    public static Platform platform(Path dataDir, Period period, boolean lossyLecce, double latencyScale, double bandwidthScale) {
        return platform(dataDir, period, lossyLecce, latencyScale, bandwidthScale, LinkModel.STEADY);
    }

    /** As above, with the wide-area links of {@code model}. */
    public static Platform platform(Path dataDir, Period period, boolean lossyLecce, double latencyScale, double bandwidthScale,
            LinkModel model) {
        CsvTable sites = CsvTable.load(dataDir, "gridlab-sites.csv");
        CsvTable latency = CsvTable.load(dataDir, "gridlab-latency-ms.csv");
        CsvTable bandwidth = CsvTable.load(dataDir, "gridlab-bandwidth-KBs.csv");
        List<String> names = new ArrayList<>();
        List<Double> speedList = new ArrayList<>();
        List<Integer> clusterList = new ArrayList<>();
        for (List<String> row : sites.rows()) {
            int cluster = names.size();
            names.add(row.get(sites.column("site")));
            int cpus = (int) sites.number(row, "total_cpus");
            double speed = sites.number(row, "relative_node_speed");
            for (int i = 0; i < cpus; i++) {
                speedList.add(speed);
                clusterList.add(cluster);
            }
        }
        int c = names.size();
        LinkSpec[] local = new LinkSpec[c];
        LinkSpec[][] wide = new LinkSpec[c][c];
        String periodKey = period.name().toLowerCase(java.util.Locale.ROOT);
        for (int from = 0; from < c; from++) {
            local[from] = SITE_LOCAL;
            for (int to = 0; to < c; to++) {
                if (from == to) {
                    continue;
                }
                double rttMs = matrixValue(latency, periodKey, names.get(from), names.get(to)) * latencyScale;
                double kbs = matrixValue(bandwidth, periodKey, names.get(from), names.get(to)) * bandwidthScale;
                boolean lecceAmsterdam = (names.get(from).equals("Lecce") && names.get(to).startsWith("A'dam"))
                        || (names.get(to).equals("Lecce") && names.get(from).startsWith("A'dam"));
                boolean lecce = names.get(from).equals("Lecce") || names.get(to).equals("Lecce");
                long oneWay = Math.round(rttMs * 1e6 / 2);
                if (model == LinkModel.TCP) {
                    wide[from][to] = tcpLink(Math.round(rttMs * 1e6), kbs * 1000, lossyLecce && period == Period.DAY && lecce);
                } else if (lossyLecce && period == Period.DAY && lecceAmsterdam) {
                    wide[from][to] = new LinkSpec(oneWay, kbs * 1000, 3_500_000_000L - oneWay, 0.23);
                } else {
                    wide[from][to] = LinkSpec.of(oneWay, kbs * 1000);
                }
            }
        }
        double[] speeds = speedList.stream().mapToDouble(Double::doubleValue).toArray();
        int[] clusterOf = clusterList.stream().mapToInt(Integer::intValue).toArray();
        return new Platform(new Topology(new ClusterMap(clusterOf), names, local, wide), speeds);
    }

    /** A TCP path with the measured round trip and throughput, the loss they imply, and the Lecce swing if asked. */
    static LinkSpec tcpLink(long rttNanos, double bytesPerSecond, boolean swings) {
        double loss = TcpThroughput.inferLoss(rttNanos, bytesPerSecond, TcpThroughput.rto(rttNanos, Link.MIN_RETRANSMIT_NANOS));
        LatencySwing swing = swings ? new LatencySwing(Math.min(LECCE_MIN_RTT_NANOS, rttNanos), rttNanos,
                Math.max(LECCE_MAX_RTT_NANOS, rttNanos), SWING_EPOCH_NANOS) : null;
        return LinkSpec.tcp(rttNanos / 2, bytesPerSecond, loss, swing);
    }

    /** The paper's baseline: one cluster of 25 A'dam DAS-2 class nodes (speed 1). */
    public static Platform singleCluster(int nodes) {
        return Platform.homogeneous(1, nodes, SITE_LOCAL, SITE_LOCAL);
    }

    private static double matrixValue(CsvTable table, String period, String from, String to) {
        for (List<String> row : table.rows()) {
            if (row.get(table.column("period")).equals(period) && row.get(table.column("from")).equals(from)) {
                double v = table.number(row, to);
                if (Double.isNaN(v) || v <= 0) {
                    throw new IllegalArgumentException(table.source() + ": no usable value from " + from + " to " + to + " (" + period + ")");
                }
                return v;
            }
        }
        throw new IllegalArgumentException(table.source() + ": no row for " + from + " in period " + period);
    }
}
