package satin.cli.run;

import satin.SatinObject;
import satin.contract.InvocationRecord;
import satin.contract.Rewritten;
import satin.contract.Spawns;

/**
 * {@code SlowTreeMain}'s tree sum (args[0] leaves of args[1] ms each) in which a job running on the node named
 * args[2] (its launcher's label, {@code SATIN_NODE}) calls {@code System.exit(7)}: a program that ends a JVM from a
 * job, not from {@code main}; with args[3] {@code oom}, a thread of that node's JVM dies of {@code OutOfMemoryError}
 * instead. That node's JVM is gone; the others recover its work and the run goes on. Hand-written in the rewriter's
 * output shape.
 */
@Rewritten(1)
public final class JobExitMain extends SatinObject {

    /** The node whose jobs exit: a field of the target object, which travels with every stolen job. */
    String exitOn;
    /** Whether that node's jobs make a thread of its JVM die of OutOfMemoryError instead (args[3] "oom"). */
    boolean oom;

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        int ms = Integer.parseInt(args[1]);
        JobExitMain tree = new JobExitMain();
        tree.exitOn = args[2];
        tree.oom = args.length > 3 && args[3].equals("oom");
        long[] r = tree.sum(0, n, ms);
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

    /** {sum, leaves} of the leaves in [lo, hi). */
    public long[] sum(int lo, int hi, int ms) {
        InvocationRecord frame = null;
        SumRecord left = null;
        SumRecord right = null;
        try {
            if (hi - lo == 1) {
                if (exitOn.equals(System.getenv("SATIN_NODE"))) {
                    if (oom) {
                        Thread t = new Thread(() -> {
                            throw new OutOfMemoryError("Java heap space (thrown by JobExitMain)");
                        }, "payload-encoder");
                        t.start();
                        try {
                            t.join();
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                    } else {
                        System.exit(7);
                    }
                }
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
        JobExitMain target;
        int lo;
        int hi;
        int ms;
        long[] result;

        static SumRecord create(JobExitMain target, int lo, int hi, int ms) {
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
