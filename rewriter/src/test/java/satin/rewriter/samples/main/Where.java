package satin.rewriter.samples.main;

import satin.Spawnable;

/** The spawnable probe: the name of the thread a call runs on. */
public interface Where extends Spawnable {
    String thread(int delayMillis);
}
