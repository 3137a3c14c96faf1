package satin.runtime.lineage;

import java.util.concurrent.atomic.AtomicLong;
import satin.SatinObject;
import satin.contract.InvocationRecord;
import satin.contract.Rewritten;
import satin.contract.Spawns;

/**
 * A binary divide-and-conquer sum over {@code [lo, hi)}, hand-written in the rewriter's output shape (like
 * {@code RewrittenFib}), counting every leaf it executes so that a test can tell which work ran.
 */
@Rewritten(1)
public final class RangeSum extends SatinObject {

    final AtomicLong leaves = new AtomicLong();
    /** When set, the leaf for this index spawns nothing different but the split moves: a program that changed. */
    volatile int skew;

    static long value(int i) {
        long x = i;
        for (int k = 0; k < 300; k++) {
            x = (x * 31 + k) % 1_000_003;
        }
        return x;
    }

    public long sum(int lo, int hi) {
        InvocationRecord frame = null;
        SumRecord left = null;
        SumRecord right = null;
        try {
            if (hi - lo <= 1) {
                leaves.incrementAndGet();
                return lo < hi ? value(lo) : 0;
            }
            int mid = Math.min(hi - 1, (lo + hi) / 2 + (skew > 0 && hi - lo > 8 ? 1 : 0));
            long x = 0;
            if (Spawns.inline()) {
                try {
                    x = sum(lo, mid);
                    left = null;
                } catch (Throwable t) {
                    frame = Spawns.failed(t, frame);
                }
            } else {
                left = new SumRecord(this, lo, mid);
                frame = Spawns.spawn(left, frame);
            }
            long y = 0;
            if (Spawns.inline()) {
                try {
                    y = sum(mid, hi);
                    right = null;
                } catch (Throwable t) {
                    frame = Spawns.failed(t, frame);
                }
            } else {
                right = new SumRecord(this, mid, hi);
                frame = Spawns.spawn(right, frame);
            }
            Spawns.sync(frame);
            frame = null;
            if (left != null) {
                x = left.result;
            }
            if (right != null) {
                y = right.result;
            }
            return x + y;
        } catch (Throwable t) {
            Spawns.abandon(frame);
            throw t;
        }
    }

    static long sequential(int lo, int hi) {
        long s = 0;
        for (int i = lo; i < hi; i++) {
            s += value(i);
        }
        return s;
    }

    /** The record of a {@code sum} spawn stored into a local variable. */
    @Rewritten(1)
    public static final class SumRecord extends InvocationRecord {
        final RangeSum target;
        final int lo;
        final int hi;
        long result;

        SumRecord(RangeSum target, int lo, int hi) {
            this.target = target;
            this.lo = lo;
            this.hi = hi;
        }

        @Override
        protected void execute() {
            result = target.sum(lo, hi);
        }

        /** Runs the call on this thread (off a worker: sequentially), as a thief on another node would. */
        void runHere() {
            execute();
        }

        @Override
        public Object boxedResult() {
            return result;
        }

        @Override
        public void boxedResult(Object value) {
            result = (Long) value;
        }
    }
}
