package satin.rewriter.samples.misuse;

import satin.Spawnable;

public interface Calc extends Spawnable {
    int twice(int v);
}
