package satin.runtime.testapps;

import satin.SatinObject;
import satin.contract.InvocationRecord;
import satin.contract.Rewritten;
import satin.contract.Spawns;

/**
 * ROUNDS (args[0]) rounds of WIDTH (args[1]) jobs that each return a result of KB (args[2]) kilobytes, so that with
 * several nodes most results cross the network: what a node keeps of the results it sent, for its owners' crash, is
 * bounded in bytes (issue 31). Each job fills its array from its round and index (and sleeps 2 ms, so that idle nodes
 * steal); the round sums a checksum of every array. Prints the total and whether it equals the sequential one (the
 * same formula without spawning). Hand-written in the rewriter's shape.
 */
@Rewritten(1)
public final class MegabyteResultsMain extends SatinObject {

    public static void main(String[] args) {
        int rounds = Integer.parseInt(args[0]);
        int width = Integer.parseInt(args[1]);
        int kb = Integer.parseInt(args[2]);
        MegabyteResultsMain m = new MegabyteResultsMain();
        long total = 0;
        long expected = 0;
        for (int r = 0; r < rounds; r++) {
            total += m.round(r, width, kb);
            for (int i = 0; i < width; i++) {
                expected += checksum(fill(r, i, kb));
            }
        }
        System.out.println("megabyte results: " + rounds + " rounds of " + width + " x " + kb + " KB, checksum "
                + total + (total == expected ? " (checked)" : " WRONG, expected " + expected));
    }

    long round(int r, int width, int kb) {
        InvocationRecord frame = null;
        try {
            byte[][] results = new byte[width][];
            for (int i = 0; i < width; i++) {
                if (Spawns.inline()) {
                    try {
                        results[i] = make(r, i, kb);
                    } catch (Throwable t) {
                        frame = Spawns.failed(t, frame);
                    }
                } else {
                    frame = Spawns.spawn(MakeRecord.create(this, r, i, kb, results), frame);
                }
            }
            Spawns.sync(frame);
            frame = null;
            long sum = 0;
            for (byte[] b : results) {
                sum += checksum(b);
            }
            return sum;
        } catch (Throwable t) {
            Spawns.abandon(frame);
            throw t;
        }
    }

    public byte[] make(int round, int index, int kb) {
        try {
            Thread.sleep(2);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return fill(round, index, kb);
    }

    static byte[] fill(int round, int index, int kb) {
        byte[] b = new byte[kb * 1024];
        int x = round * 31 + index * 7 + 1;
        for (int k = 0; k < b.length; k += 64) {
            x = x * 1103515245 + 12345;
            b[k] = (byte) (x >>> 16);
        }
        return b;
    }

    static long checksum(byte[] b) {
        long s = 0;
        for (int k = 0; k < b.length; k += 64) {
            s = s * 31 + b[k];
        }
        return s + b.length;
    }

    @Rewritten(1)
    static final class MakeRecord extends InvocationRecord {
        MegabyteResultsMain target;
        int round;
        int index;
        int kb;
        byte[] result;
        transient byte[][] destination;

        static MakeRecord create(MegabyteResultsMain target, int round, int index, int kb, byte[][] destination) {
            MakeRecord r = new MakeRecord();
            r.target = target;
            r.round = round;
            r.index = index;
            r.kb = kb;
            r.destination = destination;
            return r;
        }

        @Override
        protected void execute() {
            result = target.make(round, index, kb);
        }

        @Override
        protected void deliver() {
            destination[index] = result;
        }

        @Override
        public Object boxedResult() {
            return result;
        }

        @Override
        public void boxedResult(Object value) {
            result = (byte[]) value;
        }
    }
}
