package sample;

public class AdderImpl extends satin.SatinObject implements Adder {
    public int add(int a, int b) {
        return a + b;
    }

    public int misuse() {
        int early = add(1, 2);
        int late = early + 1; // warning: read before sync()
        int sum = add(3, 4) + 1; // error: result used in an expression, not stored
        sync();
        return late + sum;
    }
}
