package satin.rewriter.samples.loops;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import satin.SatinObject;

/**
 * Counted loops of spawns, run unrewritten (the oracle, in the test JVM) and rewritten (in fresh JVMs); the test
 * compares the printed {@code name=value} lines and checks which methods got a splittable loop: those whose name
 * starts with {@code split} (and {@code count}, the irregular tree), never those starting with {@code keep}.
 */
public final class Loops extends SatinObject implements LoopsInter {

    private int n = 12;

    /** An irregular tree: below a wide top a node has 0 to 5 children, decided by a hash of its seed. */
    @Override
    public long count(long seed, int depth) {
        int h = (int) (seed >>> 60); // 0 to 15: no child 11 times in 16, else 1 to 5 (0.94 children on average)
        int children = depth >= 60 || h < 11 ? 0 : h - 10;
        if (depth < 3) {
            children = 8; // a wide top, so that the first split gives a thief a large part
        }
        long[] c = new long[children];
        for (int i = 0; i < children; i++) {
            c[i] = count(mix(seed, i), depth + 1);
        }
        sync();
        long total = 1;
        for (long x : c) {
            total += x;
        }
        return total;
    }

    static long mix(long seed, int i) {
        long z = seed + 0x9E3779B97F4A7C15L * (i + 1);
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    @Override
    public long leaf(int x) {
        return (long) x * x + 1;
    }

    @Override
    public long failing(int x, int bad) {
        if (x == bad) {
            throw new IllegalArgumentException("bad " + x);
        }
        return x;
    }

    public long[] splitLengthBound(int[] xs) {
        long[] r = new long[xs.length];
        for (int i = 0; i < r.length; i++) {
            r[i] = leaf(xs[i] + 3);
        }
        sync();
        return r;
    }

    public long[] splitFromTwo(int m) {
        long[] r = new long[m];
        for (int i = 2; i < m; i++) {
            r[i] = leaf(i * 7);
        }
        sync();
        return r;
    }

    public String splitThrowing(int m, int bad) {
        long[] r = new long[m];
        try {
            return Arrays.toString(throwingLoop(r, m, bad));
        } catch (IllegalArgumentException e) {
            return "caught " + e.getMessage();
        }
    }

    private long[] throwingLoop(long[] r, int m, int bad) {
        for (int i = 0; i < m; i++) {
            r[i] = failing(i, bad);
        }
        sync();
        return r;
    }

    public long[] keepConditional(int m) {
        long[] r = new long[m];
        for (int i = 0; i < m; i++) {
            if (i % 3 != 0) {
                r[i] = leaf(i);
            }
        }
        sync();
        return r;
    }

    public long keepLocalDestination(int m) {
        long sum = 0;
        for (int i = 0; i < m; i++) {
            long x = leaf(i);
            sync();
            sum += x;
        }
        return sum;
    }

    public long[] keepFieldBound() {
        long[] r = new long[n];
        for (int i = 0; i < n; i++) {
            r[i] = leaf(i);
        }
        sync();
        return r;
    }

    public long[] keepTwoSpawns(int m) {
        long[] r = new long[2 * m];
        for (int i = 0; i < m; i++) {
            r[i] = leaf(i);
            r[m + i] = leaf(-i);
        }
        sync();
        return r;
    }

    public long[] keepStepTwo(int m) {
        long[] r = new long[m];
        for (int i = 0; i < m; i += 2) {
            r[i] = leaf(i);
        }
        sync();
        return r;
    }

    public long[] keepOtherIndex(int m) {
        long[] r = new long[m + 1];
        for (int i = 0; i < m; i++) {
            r[i + 1] = leaf(i);
        }
        sync();
        return r;
    }

    public long[] keepCodeBeforeSync(int m) {
        long[] r = new long[m + 1];
        for (int i = 0; i < m; i++) {
            r[i] = leaf(i);
        }
        r[m] = 99;
        sync();
        return r;
    }

    public long[] keepBreak(int m) {
        long[] r = new long[m];
        for (int i = 0; i < m; i++) {
            if (i == m / 2) {
                break;
            }
            r[i] = leaf(i);
        }
        sync();
        return r;
    }

    public long[] keepCounterInBody(int m) {
        long[] r = new long[m];
        int k = 0;
        for (int i = 0; i < m; i++) {
            r[i] = leaf(k++);
        }
        sync();
        return r;
    }

    public long[] keepInTry(int m) {
        long[] r = new long[m];
        try {
            for (int i = 0; i < m; i++) {
                r[i] = leaf(i);
            }
            sync();
        } catch (RuntimeException e) {
            return null;
        }
        return r;
    }

    public static Map<String, String> run() {
        Map<String, String> out = new LinkedHashMap<>();
        Loops l = new Loops();
        long tree = l.count(7, 0);
        l.sync();
        out.put("count", Long.toString(tree));
        out.put("lengthBound", Arrays.toString(l.splitLengthBound(new int[] {5, 1, 4, 1, 5, 9, 2, 6, 5, 3})));
        out.put("fromTwo", Arrays.toString(l.splitFromTwo(9)));
        out.put("throwing", l.splitThrowing(50, 37));
        out.put("notThrowing", l.splitThrowing(5, 37));
        out.put("conditional", Arrays.toString(l.keepConditional(10)));
        out.put("localDestination", Long.toString(l.keepLocalDestination(10)));
        out.put("fieldBound", Arrays.toString(l.keepFieldBound()));
        out.put("twoSpawns", Arrays.toString(l.keepTwoSpawns(5)));
        out.put("stepTwo", Arrays.toString(l.keepStepTwo(9)));
        out.put("otherIndex", Arrays.toString(l.keepOtherIndex(6)));
        out.put("codeBeforeSync", Arrays.toString(l.keepCodeBeforeSync(6)));
        out.put("break", Arrays.toString(l.keepBreak(10)));
        out.put("counterInBody", Arrays.toString(l.keepCounterInBody(6)));
        out.put("inTry", Arrays.toString(l.keepInTry(6)));
        return out;
    }

    public static void main(String[] args) {
        run().forEach((k, v) -> System.out.println(k + "=" + v));
    }
}
