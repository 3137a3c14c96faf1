package sample;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import satin.SatinObject;

/**
 * Without arguments: how many threads ran the spawned calls (a tree of spawns whose leaves wait until every
 * expected thread has been seen, 20 s at most). With "fib N": Fib(N) with a spawn at every level.
 */
public class Probe extends SatinObject implements Step {

    private final transient Set<String> seen = ConcurrentHashMap.newKeySet();
    private final int expected;
    private final long deadline = System.currentTimeMillis() + 20_000;

    Probe(int expected) {
        this.expected = expected;
    }

    public int spread(int depth) {
        if (depth == 0) {
            if (seen == null) {
                return 1;
            }
            seen.add(Thread.currentThread().getName());
            synchronized (seen) {
                seen.notifyAll();
                while (seen.size() < expected && System.currentTimeMillis() < deadline) {
                    try {
                        seen.wait(Math.max(1, deadline - System.currentTimeMillis()));
                    } catch (InterruptedException e) {
                        return 1;
                    }
                }
            }
            return 1;
        }
        int a = spread(depth - 1);
        int b = spread(depth - 1);
        sync();
        return a + b;
    }

    public long fib(int n) {
        if (n < 2) {
            return n;
        }
        long x = fib(n - 1);
        long y = fib(n - 2);
        sync();
        return x + y;
    }

    public static void main(String[] args) {
        if (args.length == 2 && args[0].equals("fib")) {
            Probe p = new Probe(1);
            long r = p.fib(Integer.parseInt(args[1]));
            p.sync();
            System.out.println("fib(" + args[1] + ") = " + r);
            return;
        }
        int expected = Runtime.getRuntime().availableProcessors();
        Probe p = new Probe(expected);
        int leaves = p.spread(2 + 32 - Integer.numberOfLeadingZeros(expected));
        p.sync();
        System.out.println("threads used: " + p.seen.size() + " of " + expected + " cores (" + leaves + " leaves)");
    }
}
