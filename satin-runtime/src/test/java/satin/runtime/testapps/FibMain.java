package satin.runtime.testapps;


/** A tiny Satin program: Fig. 2.1's main, with the hand-rewritten fib; prints where it ran (and a test marker). */
public final class FibMain {

    private FibMain() {
    }

    public static void main(String[] args) {
        long n = Long.parseLong(args[0]);
        RewrittenFib f = new RewrittenFib();
        long res = f.fib(n);
        System.out.println("Fib " + n + " = " + res + " on " + Thread.currentThread().getClass().getSimpleName()
                + (args.length > 1 ? " extra " + String.join(" ", java.util.Arrays.copyOfRange(args, 1, args.length)) : "")
                + (System.getProperty("satin.test.marker") == null ? "" : " marker " + System.getProperty("satin.test.marker")));
    }
}
