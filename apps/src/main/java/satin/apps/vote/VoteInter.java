package satin.apps.vote;

import satin.Spawnable;

/** The spawnable methods of {@link Vote}. */
public interface VoteInter extends Spawnable {

    /** Computes the replica's value and throws it as a {@link Ballot}; replica {@code faulty} is off by one. */
    void replica(int replica, long limit, int faulty, long leaf) throws Ballot;

    /** The sum of the primes in [from, to), halving the range down to {@code leaf} numbers. */
    long primeSum(long from, long to, long leaf);
}
