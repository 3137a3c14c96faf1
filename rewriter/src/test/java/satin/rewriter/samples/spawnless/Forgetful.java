package satin.rewriter.samples.spawnless;

import satin.SatinObject;

/** Declares the method of a spawnable interface but forgets 'implements Splitter'. */
public class Forgetful extends SatinObject {
    public int split(int n) {
        if (n < 2) {
            return n;
        }
        int a = split(n - 1); // WARNING implements
        int b = split(n - 2);
        sync();
        return a + b;
    }
}
