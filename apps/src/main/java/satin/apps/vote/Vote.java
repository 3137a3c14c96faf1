package satin.apps.vote;

import java.io.PrintStream;
import satin.SatinObject;
import satin.apps.common.AppMain;
import satin.apps.common.Args;
import satin.apps.common.Timed;

/** Two-out-of-three voting with inlets and abort: see the package comment. */
public final class Vote extends SatinObject implements VoteInter {

    static final String USAGE = "vote [limit (default 3000000)] [faulty replica 0-2, or -1 for none (default 1)]"
            + " [leaf numbers (default 20000)]";

    /** The decision and how many ballots the inlets saw before it (2 when two agreed at once). */
    record Decision(long value, int ballots) {
    }

    @Override
    public void replica(int replica, long limit, int faulty, long leaf) throws Ballot {
        long sum = primeSum(0, limit, leaf);
        sync();
        throw new Ballot(replica, Primes.reported(replica, faulty, sum));
    }

    @Override
    public long primeSum(long from, long to, long leaf) {
        if (to - from <= leaf) {
            return Primes.sum(from, to);
        }
        long mid = (from + to) >>> 1;
        long low = primeSum(from, mid, leaf);
        long high = primeSum(mid, to, leaf);
        sync();
        return low + high;
    }

    /** Runs three replicas and decides by majority; throws when no two agree. */
    Decision decide(long limit, int faulty, long leaf) {
        long[] seen = new long[3];
        int ballots = 0;
        boolean decided = false;
        long value = 0;
        for (int replica = 0; replica < 3; replica++) {
            try {
                replica(replica, limit, faulty, leaf);
            } catch (Ballot b) {
                // An inlet: runs once per replica that answered, until two agree and abort() cancels the rest.
                for (int i = 0; i < ballots && !decided; i++) {
                    if (seen[i] == b.value) {
                        decided = true;
                        value = b.value;
                        abort();
                    }
                }
                seen[ballots++] = b.value;
            }
        }
        sync();
        if (!decided) {
            throw new IllegalStateException("no two replicas agree: " + java.util.Arrays.toString(seen));
        }
        return new Decision(value, ballots);
    }

    public static Decision compute(long limit, int faulty, long leaf) {
        return new Vote().decide(limit, faulty, leaf);
    }

    public static void main(String[] args) throws Exception {
        int status = AppMain.run(USAGE, 3, args, System.out, System.err, Vote::run);
        if (status != 0) {
            System.exit(status);
        }
    }

    static boolean run(Args args, PrintStream out) throws Exception {
        long limit = args.longAt(0, "limit", 3_000_000, 2, Long.MAX_VALUE / 2);
        int faulty = args.intAt(1, "faulty replica", 1, -1, 2);
        long leaf = args.longAt(2, "leaf numbers", 20_000, 1, Long.MAX_VALUE);
        Timed<Decision> result = Timed.run(() -> compute(limit, faulty, leaf));
        out.println("decision: sum of primes below " + limit + " = " + result.value().value() + " (after "
                + result.value().ballots() + " ballots)");
        AppMain.printTime(out, "satin", result);
        Timed<Long> sequential = Timed.run(() -> SequentialVote.compute(limit, faulty));
        AppMain.printTime(out, "sequential", sequential);
        return AppMain.check(out, result.value().value() == sequential.value(),
                "equals the sequential majority (the faulty replica is outvoted)");
    }
}
