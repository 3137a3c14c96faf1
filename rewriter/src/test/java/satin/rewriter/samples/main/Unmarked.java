package satin.rewriter.samples.main;

/** A main class that neither spawns nor syncs nor is marked: left as it is, its main runs on the main thread. */
public class Unmarked {

    public static void main(String[] args) {
        System.out.println("unmarked main on " + Probe.describe(Thread.currentThread()));
    }
}
