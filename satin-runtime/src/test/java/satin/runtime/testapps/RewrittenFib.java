package satin.runtime.testapps;

import satin.SatinObject;
import satin.contract.InvocationRecord;
import satin.contract.Rewritten;
import satin.contract.Spawns;

/**
 * The code the rewriter emits for Fig. 2.1's fib, written by hand in exactly the shape documented in
 * {@link Spawns}: a frame local, one record local per spawn site, the inline test at each site, the sync
 * followed by the copies of local-variable results, an implicit sync before each return and an abandon
 * handler. The runtime's tests run it without depending on the rewriter (which depends on nothing of the
 * runtime); the rewriter's own tests check that its output has this shape and behaves the same.
 */
@Rewritten(1)
public final class RewrittenFib extends SatinObject implements FibInter {

    @Override
    public long fib(long n) {
        InvocationRecord frame = null;
        FibRecord site1 = null;
        FibRecord site2 = null;
        try {
            if (n < 2) {
                Spawns.sync(frame);
                return n;
            }
            long x = 0;
            if (Spawns.inline()) {
                try {
                    x = fib(n - 1);
                    site1 = null;
                } catch (Throwable t) {
                    frame = Spawns.failed(t, frame);
                }
            } else {
                site1 = FibRecord.create(this, n - 1);
                frame = Spawns.spawn(site1, frame);
            }
            long y = 0;
            if (Spawns.inline()) {
                try {
                    y = fib(n - 2);
                    site2 = null;
                } catch (Throwable t) {
                    frame = Spawns.failed(t, frame);
                }
            } else {
                site2 = FibRecord.create(this, n - 2);
                frame = Spawns.spawn(site2, frame);
            }
            Spawns.sync(frame);
            frame = null;
            if (site1 != null) {
                x = site1.result;
                site1 = null;
            }
            if (site2 != null) {
                y = site2.result;
                site2 = null;
            }
            Spawns.sync(frame);
            return x + y;
        } catch (Throwable t) {
            Spawns.abandon(frame);
            throw t;
        }
    }

    /** The invocation record the rewriter generates for a {@code fib} spawn stored into a local variable. */
    @Rewritten(1)
    static final class FibRecord extends InvocationRecord {
        RewrittenFib target;
        long n;
        long result;

        static FibRecord create(RewrittenFib target, long n) {
            FibRecord r = new FibRecord();
            r.target = target;
            r.n = n;
            return r;
        }

        @Override
        protected void execute() {
            result = target.fib(n);
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
