package satin.rewriter.samples.unsynced;

import satin.Spawnable;

interface Half extends Spawnable {
    int half(int v);
}
