package satin.rewriter.samples.warn;

import satin.Spawnable;

interface Half extends Spawnable {
    int half(int v);
}
