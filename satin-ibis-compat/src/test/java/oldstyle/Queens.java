package oldstyle;

import java.util.TreeSet;

import ibis.poolInfo.PoolInfo;
import ibis.util.Timer;
import ibis.util.TypedProperties;

/**
 * Counts the N-queens solutions, timing the search with an ibis.util.Timer, reading its settings with
 * TypedProperties (queens.size, queens.threshold, queens.probes) and saying where it runs with PoolInfo; spawned
 * probes report the rank and host they ran on.
 */
public class Queens extends satin.SatinObject implements QueensInterface {
    private static final long serialVersionUID = 1L;
    static int threshold = 3;

    public long solutions(int size, int row, int[] columns) {
        if (row == size) {
            return 1;
        }
        if (row >= threshold) {
            return sequential(size, row, columns);
        }
        long[] counts = new long[size];
        for (int c = 0; c < size; c++) {
            if (free(columns, row, c)) {
                int[] next = columns.clone();
                next[row] = c;
                counts[c] = solutions(size, row + 1, next);
            }
        }
        sync();
        long total = 0;
        for (long n : counts) {
            total += n;
        }
        return total;
    }

    static long sequential(int size, int row, int[] columns) {
        if (row == size) {
            return 1;
        }
        long total = 0;
        for (int c = 0; c < size; c++) {
            if (free(columns, row, c)) {
                columns[row] = c;
                total += sequential(size, row + 1, columns);
            }
        }
        return total;
    }

    static boolean free(int[] columns, int row, int c) {
        for (int r = 0; r < row; r++) {
            if (columns[r] == c || Math.abs(columns[r] - c) == row - r) {
                return false;
            }
        }
        return true;
    }

    public String where(int job) {
        PoolInfo here = PoolInfo.createPoolInfo();
        long spin = sequential(9, 0, new int[9]); // work enough to be worth stealing
        return here.rank() + "/" + here.size() + "@" + here.hostName() + (spin == 352 ? "" : "?");
    }

    public static void main(String[] args) {
        TypedProperties props = new TypedProperties();
        props.loadDefaultConfigProperties();
        int size = props.getIntProperty("queens.size", 10);
        threshold = props.getIntProperty("queens.threshold", 3);
        int probes = props.getIntProperty("queens.probes", 8);
        TypedProperties unknown = props.checkProperties("queens.", new String[] {"queens.size", "queens.threshold",
            "queens.probes"}, null, true);
        PoolInfo pool = PoolInfo.createPoolInfo();
        Timer timer = Timer.createTimer();
        Queens q = new Queens();
        timer.start();
        long found = q.solutions(size, 0, new int[size]);
        q.sync();
        timer.stop();
        String[] places = new String[probes];
        for (int i = 0; i < probes; i++) {
            places[i] = q.where(i);
        }
        q.sync();
        TreeSet<String> distinct = new TreeSet<String>();
        for (String p : places) {
            distinct.add(p);
        }
        TreeSet<String> hosts = new TreeSet<String>();
        for (String h : pool.hostNames()) {
            hosts.add(h);
        }
        TreeSet<String> clusters = new TreeSet<String>();
        for (String c : pool.clusterNames()) {
            clusters.add(c);
        }
        System.out.println("queens " + size + ": " + found + " solutions");
        System.out.println("pool: " + pool.size() + " nodes, main on rank " + pool.rank() + ", hosts " + hosts
                + ", clusters " + clusters);
        System.out.println("probes ran at " + distinct);
        System.out.println("unknown settings: " + unknown.size());
        System.out.println("timer: " + timer.nrTimes() + " measurement, " + (timer.totalTimeVal() > 0 ? "positive"
                : "zero") + " time " + timer.totalTime().trim());
    }
}
