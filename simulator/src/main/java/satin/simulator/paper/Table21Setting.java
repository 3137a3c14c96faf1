package satin.simulator.paper;

import satin.simulator.network.LinkSpec;

/**
 * One column group of the paper's Table 2.1: either a single cluster, or clusters joined by wide-area links
 * of the given round trip and bandwidth.
 */
public record Table21Setting(String label, String csvKey, int clusters, double roundTripMillis, double kiloBytesPerSecond) {
    public static final Table21Setting SINGLE = new Table21Setting("single cluster", "single", 1, 0, 0);

    public static Table21Setting wide(int clusters, double roundTripMillis, double kiloBytesPerSecond) {
        String ms = fmt(roundTripMillis);
        String kb = fmt(kiloBytesPerSecond);
        return new Table21Setting(ms + " ms / " + kb + " KB/s", ms + "ms_" + kb + "KBs", clusters, roundTripMillis, kiloBytesPerSecond);
    }

    public boolean isSingleCluster() {
        return clusters == 1;
    }

    public LinkSpec wideArea() {
        return isSingleCluster() ? null : LinkSpec.fromRoundTrip(roundTripMillis, kiloBytesPerSecond);
    }

    private static String fmt(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
    }
}
