package satin.samples.probe;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import satin.SatinObject;

/**
 * Shows how many threads a program's spawned calls ran on. A binary tree of spawns whose every leaf notes its
 * thread and then waits until {@code expected} distinct threads have been noted (or 20 s have passed): a leaf
 * holds its worker, so the other workers must take the tree's queued calls and reach leaves of their own. The
 * count is therefore exact when enough workers run, whatever the machine's load, and the program ends as soon as
 * they have all been seen. Started with plain {@code java}, it reports the threads of the runtime its main
 * started; run sequentially, one.
 *
 * <p>{@code java satin.samples.probe.Cores [expected threads (default: available processors)]}
 */
public class Cores extends SatinObject implements SpreadInter {

    private static final long WAIT_MILLIS = 20_000;

    private final transient Set<String> seen = ConcurrentHashMap.newKeySet();
    private final int expected;
    private final long deadline;

    Cores(int expected) {
        this.expected = expected;
        this.deadline = System.currentTimeMillis() + WAIT_MILLIS;
    }

    @Override
    public int spread(int depth) {
        if (depth == 0) {
            if (seen == null) {
                return 1; // a leaf stolen by another JVM (seen does not travel): nothing to note there
            }
            seen.add(Thread.currentThread().getName());
            synchronized (seen) {
                seen.notifyAll();
                while (seen.size() < expected && System.currentTimeMillis() < deadline) {
                    try {
                        seen.wait(Math.max(1, deadline - System.currentTimeMillis()));
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        return 1;
                    }
                }
            }
            return 1;
        }
        int left = spread(depth - 1);
        int right = spread(depth - 1);
        sync();
        return left + right;
    }

    public static void main(String[] args) {
        int expected = args.length > 0 ? Integer.parseInt(args[0]) : Runtime.getRuntime().availableProcessors();
        int depth = 2 + 32 - Integer.numberOfLeadingZeros(Math.max(1, expected));
        Cores probe = new Cores(expected);
        int leaves = probe.spread(depth);
        probe.sync();
        System.out.println("threads used: " + probe.seen.size() + " of " + expected + " expected (" + leaves
                + " leaves)");
    }
}
