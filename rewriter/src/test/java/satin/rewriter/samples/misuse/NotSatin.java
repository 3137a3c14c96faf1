package satin.rewriter.samples.misuse;

public class NotSatin implements Calc { // MISUSE does not extend satin.SatinObject
    public int twice(int v) {
        return v + v;
    }
}
