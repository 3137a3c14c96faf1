package satin.apps.vote;

/** The sequential twin of {@link Vote}: the three replicas one after the other, then the majority. */
public final class SequentialVote {

    private SequentialVote() {
    }

    public static long compute(long limit, int faulty) {
        long[] values = new long[3];
        for (int replica = 0; replica < 3; replica++) {
            values[replica] = Primes.reported(replica, faulty, Primes.sum(0, limit));
        }
        if (values[0] == values[1] || values[0] == values[2]) {
            return values[0];
        }
        if (values[1] == values[2]) {
            return values[1];
        }
        throw new IllegalStateException("no two replicas agree");
    }
}
