/**
 * Fig. 2.1's Fib in a final class: its spawns of itself alternate with a non-polling copy (format 3 on), a shape the
 * non-final {@code Fib} does not get. {@code FormatVersionTest} digests the rewriter's output for both.
 */
final class FinalFib extends satin.SatinObject implements FibInter {
    public long fib(long n) {
        if (n < 2) return n;
        long x = fib(n - 1);   // spawned
        long y = fib(n - 2);   // spawned
        sync();                // x and y are defined from here on
        return x + y;
    }
}
