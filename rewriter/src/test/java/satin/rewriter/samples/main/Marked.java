package satin.rewriter.samples.main;

import satin.SatinMain;

/** A main class that neither spawns nor syncs, marked so that its main starts the runtime all the same. */
@SatinMain
public class Marked {

    public static void main(String[] args) {
        System.out.println("marked main on " + Probe.describe(Thread.currentThread()));
        Probe.main(args);
    }
}
