package sample;

/** Implements Adder's method but forgets 'implements Adder'. */
public class Forgetful extends satin.SatinObject {
    public int add(int a, int b) {
        if (b == 0) {
            return a;
        }
        int x = add(a, b - 1); // warning: Forgetful does not implement Adder
        sync();
        return x + 1;
    }
}
