interface FibInter extends satin.Spawnable { long fib(long n); }
class Fib extends satin.SatinObject implements FibInter {
    public long fib(long n) {
        if (n < 2) return n;
        long x = fib(n - 1);   // spawned
        long y = fib(n - 2);   // spawned
        sync();                // x and y are defined from here on
        return x + y;
    }
    public static void main(String[] args) {
        Fib f = new Fib();
        long res = f.fib(10);
        f.sync();
        System.out.println("Fib 10 = " + res);
    }
}
