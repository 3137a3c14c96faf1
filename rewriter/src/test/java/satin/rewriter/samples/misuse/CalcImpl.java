package satin.rewriter.samples.misuse;

import satin.SatinObject;

/** Each marked line misuses a spawn result; the test expects one error per marker, naming this line. */
public class CalcImpl extends SatinObject implements Calc {

    final int constant;

    CalcImpl() {
        constant = twice(6); // MISUSE final field
    }

    public int twice(int v) {
        return 2 * v;
    }

    int inExpression() {
        int y = twice(2) + 1; // MISUSE not stored
        sync();
        return y;
    }

    void asArgument() {
        System.out.println(twice(3)); // MISUSE not stored
        sync();
    }

    int returned() {
        return twice(4); // MISUSE return
    }

    static int fromStatic(Calc c) {
        return c.twice(5); // MISUSE return
    }
}
