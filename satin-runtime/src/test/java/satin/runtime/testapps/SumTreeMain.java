package satin.runtime.testapps;

import satin.SatinObject;
import satin.contract.InvocationRecord;
import satin.contract.Rewritten;
import satin.contract.Spawns;

/**
 * A divide-and-conquer sum whose argument and result are user classes ({@link Range}, {@link Partial}), so
 * stolen jobs and returning results carry objects the serialization list must contain. With a second
 * argument K, the leaf holding K throws, and main reports the exception caught from the top call (it crosses
 * nodes when that leaf ran on a thief). With "crash" as second argument, a leaf that runs on another node
 * than the master halts that node's JVM. Hand-written in the rewriter's output shape.
 */
@Rewritten(1)
public final class SumTreeMain extends SatinObject {

    static final int LEAF = 2_000;

    /** A half-open interval of the numbers to sum. */
    public static final class Range {
        int lo;
        int hi;

        Range(int lo, int hi) {
            this.lo = lo;
            this.hi = hi;
        }
    }

    /** A partial result. */
    public static final class Partial {
        long sum;
        long leaves;

        Partial(long sum, long leaves) {
            this.sum = sum;
            this.leaves = leaves;
        }
    }

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        int throwAt = args.length < 2 ? -1
                : args[1].equals("crash") ? crashUnless(ProcessHandle.current().pid()) : Integer.parseInt(args[1]);
        try {
            Partial p = new SumTreeMain().sum(new Range(0, n), throwAt);
            long expected = 0;
            for (int i = 0; i < n; i++) {
                expected += value(i);
            }
            System.out.println("sum " + n + " = " + p.sum + " in " + p.leaves + " leaves"
                    + (p.sum == expected ? " (checked)" : " WRONG, expected " + expected));
        } catch (IllegalStateException e) {
            System.out.println("caught " + e.getClass().getSimpleName() + ": " + e.getMessage());
        }
    }

    /** Encodes "a leaf run in any other process than {@code pid} halts its JVM" (a node crash mid-run). */
    static int crashUnless(long pid) {
        return (int) -(pid + 2);
    }

    static long value(int i) {
        long x = i;
        for (int k = 0; k < 40; k++) {
            x = (x * 31 + k) % 1_000_003;
        }
        return x;
    }

    public Partial sum(Range r, int throwAt) {
        InvocationRecord frame = null;
        SumRecord left = null;
        SumRecord right = null;
        try {
            if (r.hi - r.lo <= LEAF) {
                if (throwAt <= -2 && ProcessHandle.current().pid() != -(throwAt + 2L)) {
                    Runtime.getRuntime().halt(9);
                }
                if (throwAt >= r.lo && throwAt < r.hi) {
                    throw new IllegalStateException("leaf " + r.lo + ".." + r.hi + " refuses " + throwAt);
                }
                long s = 0;
                for (int i = r.lo; i < r.hi; i++) {
                    s += value(i);
                }
                Spawns.sync(frame);
                return new Partial(s, 1);
            }
            int mid = (r.lo + r.hi) >>> 1;
            Partial a = null;
            if (Spawns.inline()) {
                try {
                    a = sum(new Range(r.lo, mid), throwAt);
                    left = null;
                } catch (Throwable t) {
                    frame = Spawns.failed(t, frame);
                }
            } else {
                left = SumRecord.create(this, new Range(r.lo, mid), throwAt);
                frame = Spawns.spawn(left, frame);
            }
            Partial b = null;
            if (Spawns.inline()) {
                try {
                    b = sum(new Range(mid, r.hi), throwAt);
                    right = null;
                } catch (Throwable t) {
                    frame = Spawns.failed(t, frame);
                }
            } else {
                right = SumRecord.create(this, new Range(mid, r.hi), throwAt);
                frame = Spawns.spawn(right, frame);
            }
            Spawns.sync(frame);
            frame = null;
            if (left != null) {
                a = left.result;
                left = null;
            }
            if (right != null) {
                b = right.result;
                right = null;
            }
            Spawns.sync(frame);
            return new Partial(a.sum + b.sum, a.leaves + b.leaves);
        } catch (Throwable t) {
            Spawns.abandon(frame);
            throw t;
        }
    }

    @Rewritten(1)
    static final class SumRecord extends InvocationRecord {
        SumTreeMain target;
        Range r;
        int throwAt;
        Partial result;

        static SumRecord create(SumTreeMain target, Range r, int throwAt) {
            SumRecord rec = new SumRecord();
            rec.target = target;
            rec.r = r;
            rec.throwAt = throwAt;
            return rec;
        }

        @Override
        protected void execute() {
            result = target.sum(r, throwAt);
        }

        @Override
        public Object boxedResult() {
            return result;
        }

        @Override
        public void boxedResult(Object value) {
            result = (Partial) value;
        }
    }
}
