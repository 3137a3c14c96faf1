package satin.runtime.testapps;

import satin.SatinObject;
import satin.contract.InvocationRecord;
import satin.contract.Rewritten;
import satin.contract.Spawns;

/**
 * A binary divide-and-conquer sum over {@code n} leaves (args[0]) whose leaves sleep {@code ms} milliseconds
 * (args[1]) and return a value: the tree's spread over the nodes hardly depends on how busy the machine is, so
 * a node crash injected after K jobs lands in the middle of the run, with stolen subtrees (and subtrees stolen from
 * them) on several nodes. Prints the sum, the number of leaves counted and whether both are right. Hand-written in
 * the rewriter's output shape. Subclasses make a leaf misbehave through {@link #atLeaf(int)}.
 */
@Rewritten(1)
public class SlowTreeMain extends SatinObject {

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        int ms = args.length > 1 ? Integer.parseInt(args[1]) : 10;
        printChecked(new SlowTreeMain().sum(0, n, ms), n);
    }

    /** Prints {sum, leaves} of a run over {@code n} leaves and whether both are right. */
    protected static void printChecked(long[] r, int n) {
        long expected = 0;
        for (int i = 0; i < n; i++) {
            expected += value(i);
        }
        boolean ok = r[0] == expected && r[1] == n;
        System.out.println("slow tree " + n + " = " + r[0] + " over " + r[1] + " leaves"
                + (ok ? " (checked)" : " WRONG, expected " + expected + " over " + n));
    }

    static long value(int i) {
        return (i * 2_654_435_761L) % 1_000_003;
    }

    /** Runs at leaf {@code i} before it sleeps, on whichever node runs that leaf; nothing here. */
    protected void atLeaf(int i) {
    }

    /** {sum, leaves} of the leaves in [lo, hi). */
    public final long[] sum(int lo, int hi, int ms) {
        InvocationRecord frame = null;
        SumRecord left = null;
        SumRecord right = null;
        try {
            if (hi - lo == 1) {
                atLeaf(lo);
                try {
                    Thread.sleep(ms);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return new long[] {value(lo), 1};
            }
            int mid = (lo + hi) >>> 1;
            long[] a = null;
            if (Spawns.inline()) {
                try {
                    a = sum(lo, mid, ms);
                } catch (Throwable t) {
                    frame = Spawns.failed(t, frame);
                }
            } else {
                left = SumRecord.create(this, lo, mid, ms);
                frame = Spawns.spawn(left, frame);
            }
            long[] b = null;
            if (Spawns.inline()) {
                try {
                    b = sum(mid, hi, ms);
                } catch (Throwable t) {
                    frame = Spawns.failed(t, frame);
                }
            } else {
                right = SumRecord.create(this, mid, hi, ms);
                frame = Spawns.spawn(right, frame);
            }
            Spawns.sync(frame);
            frame = null;
            if (left != null) {
                a = left.result;
            }
            if (right != null) {
                b = right.result;
            }
            return new long[] {a[0] + b[0], a[1] + b[1]};
        } catch (Throwable t) {
            Spawns.abandon(frame);
            throw t;
        }
    }

    @Rewritten(1)
    static final class SumRecord extends InvocationRecord {
        SlowTreeMain target;
        int lo;
        int hi;
        int ms;
        long[] result;

        static SumRecord create(SlowTreeMain target, int lo, int hi, int ms) {
            SumRecord rec = new SumRecord();
            rec.target = target;
            rec.lo = lo;
            rec.hi = hi;
            rec.ms = ms;
            return rec;
        }

        @Override
        protected void execute() {
            result = target.sum(lo, hi, ms);
        }

        @Override
        public Object boxedResult() {
            return result;
        }

        @Override
        public void boxedResult(Object value) {
            result = (long[]) value;
        }
    }
}
