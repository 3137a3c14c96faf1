package satin.apps.vote;

/** The kernel shared by both versions: the sum of the primes of a range, by trial division. */
final class Primes {

    private Primes() {
    }

    static long sum(long from, long to) {
        long sum = 0;
        for (long k = Math.max(2, from); k < to; k++) {
            if (isPrime(k)) {
                sum += k;
            }
        }
        return sum;
    }

    static boolean isPrime(long k) {
        if (k < 4) {
            return k >= 2;
        }
        if (k % 2 == 0) {
            return false;
        }
        for (long d = 3; d * d <= k; d += 2) {
            if (k % d == 0) {
                return false;
            }
        }
        return true;
    }

    /** The value replica {@code replica} reports: the sum, off by one for the faulty replica. */
    static long reported(int replica, int faulty, long sum) {
        return replica == faulty ? sum + 1 : sum;
    }
}
