package satin.rewriter.samples.main;

import satin.SatinObject;
import satin.contract.SpawnThread;

/**
 * A program whose main spawns: started with plain {@code java}, its main must run on a runtime's worker. Prints
 * where main ran and how many distinct threads ran its spawned calls; {@code throw} as argument makes main throw
 * after that.
 */
public class Probe extends SatinObject implements Where {

    @Override
    public String thread(int delayMillis) {
        return Thread.currentThread().getName();
    }

    public static void main(String[] args) {
        System.out.println("main on " + describe(Thread.currentThread()));
        Probe p = new Probe();
        String a = p.thread(0);
        String b = p.thread(0);
        p.sync();
        System.out.println("calls on " + (a.equals(b) ? 1 : 2) + " thread(s)");
        if (args.length > 0 && args[0].equals("throw")) {
            throw new IllegalStateException("main of Probe failed on purpose");
        }
    }

    static String describe(Thread t) {
        return t instanceof SpawnThread ? "a worker" : "thread " + t.getName();
    }
}
