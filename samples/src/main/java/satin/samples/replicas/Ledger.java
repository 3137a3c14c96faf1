package satin.samples.replicas;

import satin.SharedObject;

/**
 * A shared log of values, kept as a count, a sum and an order-sensitive digest: two replicas that applied the same
 * writes in different orders have different digests.
 */
public class Ledger extends SharedObject implements LedgerWrites {

    private static final long serialVersionUID = 1L;

    private long count;
    private long sum;
    private long digest = 17;

    @Override
    public synchronized void record(int value) {
        count++;
        sum += value;
        digest = digest * 1_000_003L + value;
    }

    public synchronized long count() {
        return count;
    }

    /** This replica's state as one line. */
    public synchronized String state() {
        return count + " " + sum + " " + Long.toHexString(digest);
    }
}
