package sample;

public class AdderImpl extends satin.SatinObject implements Adder {
    public int add(int a, int b) {
        return a + b;
    }

    public int misuse(boolean flag) {
        int early = add(1, 2);
        if (flag) {
            sync();
        }
        int late = early + 1; // warning: the sync() above may be skipped
        int sum = add(3, 4) + 1; // error: result used in an expression, not stored
        sync();
        return late + sum;
    }

    public int forgotSync(int n) {
        int half = add(n, 0);
        int rest = add(n, 1);
        return half + rest; // error: no sync() can have run since the spawns
    }
}
