/** A test-side class that spawns: rewritten by the rewrite-tests goal. */
public class FibCheck {
    public static void main(String[] args) {
        Fib f = new Fib();
        long r = f.fib(12);
        f.sync();
        System.out.println("fib(12) = " + r);
    }
}
