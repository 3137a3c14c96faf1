package satin.apps.writeprobe;

import java.util.Arrays;
import java.util.Locale;
import satin.SatinObject;

/**
 * Times write methods of a shared object: a tree of jobs whose leaves wait until leaves run on {@code jvms} JVMs,
 * then each time {@code writes} calls of {@link Counter#add}, one after the other, and report their JVM and the
 * median and maximum. On a node other than the master a write is a round trip to the master (which orders it) plus
 * the application; on the master a hand-off to its applier thread. Prints one line per leaf
 * ({@code leaf jvm=PID master=true|false median_us=X max_us=Y}) and checks that no write was lost.
 *
 * <p>{@code satin run --nodes 2 satin.apps.writeprobe.WriteLatency [jvms (2)] [writes (200)]}
 */
public final class WriteLatency extends SatinObject implements WriteLatencyInter {

    @Override
    public String measure(Counter counter, int depth, int writes, int jvms, long deadlineMillis) {
        if (depth == 0) {
            counter.attend(ProcessHandle.current().pid());
            counter.awaitJvms(jvms, deadlineMillis);
            double[] micros = time(counter, writes);
            return ProcessHandle.current().pid() + String.format(Locale.ROOT, " %.1f %.1f", micros[0], micros[1]);
        }
        String left = measure(counter, depth - 1, writes, jvms, deadlineMillis);
        String right = measure(counter, depth - 1, writes, jvms, deadlineMillis);
        sync();
        return left + ";" + right;
    }

    /** {median, max} in microseconds of {@code writes} consecutive writes to {@code counter}. */
    public static double[] time(Counter counter, int writes) {
        double[] micros = new double[writes];
        for (int i = 0; i < writes; i++) {
            long t0 = System.nanoTime();
            counter.add(1);
            micros[i] = (System.nanoTime() - t0) / 1e3;
        }
        Arrays.sort(micros);
        return new double[] {micros[writes / 2], micros[writes - 1]};
    }

    public static void main(String[] args) {
        int jvms = args.length > 0 ? Integer.parseInt(args[0]) : 2;
        int writes = args.length > 1 ? Integer.parseInt(args[1]) : 200;
        Counter counter = new Counter();
        counter.exportObject();
        WriteLatency probe = new WriteLatency();
        int depth = 1 + 32 - Integer.numberOfLeadingZeros(jvms);
        String reports = probe.measure(counter, depth, writes, jvms, System.currentTimeMillis() + 20_000);
        probe.sync();
        long master = ProcessHandle.current().pid();
        for (String r : reports.split(";")) {
            String[] p = r.split(" ");
            System.out.println("leaf jvm=" + p[0] + " master=" + (Long.parseLong(p[0]) == master) + " median_us="
                    + p[1] + " max_us=" + p[2]);
        }
        long leaves = 1L << depth;
        boolean complete = counter.total() == leaves * writes;
        System.out.println("total " + counter.total() + " of " + leaves * writes + (complete ? "" : ": writes lost"));
        if (!complete) {
            System.exit(1);
        }
    }
}
