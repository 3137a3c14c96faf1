package satin.runtime.spawn;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import satin.SatinObject;
import satin.contract.InvocationRecord;
import satin.contract.Spawns;

/**
 * A binary divide-and-conquer sum of {@code lo..hi-1} in the rewriter's shape that counts its leaf runs, for the
 * re-execution tests: which spawns ran and which came from salvaged results. The counter is transient, so it is
 * not part of a call's identity (its {@link satin.runtime.fault.ArgumentDigest}).
 */
final class CountingSum extends SatinObject {

    final transient AtomicInteger leafRuns = new AtomicInteger();

    long sum(int lo, int hi) {
        if (hi - lo == 1) {
            leafRuns.incrementAndGet();
            return lo;
        }
        int mid = (lo + hi) >>> 1;
        InvocationRecord frame = null;
        Call left = null;
        Call right = null;
        long a = 0;
        long b = 0;
        try {
            if (Spawns.inline()) {
                a = sum(lo, mid);
            } else {
                left = Call.of(this, lo, mid);
                frame = Spawns.spawn(left, frame);
            }
            if (Spawns.inline()) {
                b = sum(mid, hi);
            } else {
                right = Call.of(this, mid, hi);
                frame = Spawns.spawn(right, frame);
            }
            Spawns.sync(frame);
            frame = null;
            return (left != null ? left.result : a) + (right != null ? right.result : b);
        } catch (Throwable t) {
            Spawns.abandon(frame);
            throw t;
        }
    }

    /** The generated record of {@code sum}. */
    static final class Call extends InvocationRecord {
        CountingSum target;
        int lo;
        int hi;
        long result;
        /** Completed when this record ran (for a test thread that waits for a requeued record). */
        final transient CompletableFuture<Long> ran = new CompletableFuture<>();

        static Call of(CountingSum target, int lo, int hi) {
            Call c = new Call();
            c.target = target;
            c.lo = lo;
            c.hi = hi;
            return c;
        }

        @Override
        protected void execute() {
            result = target.sum(lo, hi);
            ran.complete(result);
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
