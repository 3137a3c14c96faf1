package satin.cli.run;

import satin.contract.Rewritten;
import satin.runtime.testapps.SlowTreeMain;

/**
 * {@link SlowTreeMain}'s tree sum (args[0] leaves of args[1] ms each) in which a job running on the node named
 * args[2] (its launcher's label, {@code SATIN_NODE}) calls {@code System.exit(7)}: a program that ends a JVM from a
 * job, not from {@code main}; with args[3] {@code oom}, a thread of that node's JVM dies of {@code OutOfMemoryError}
 * instead. That node's JVM is gone; the others recover its work and the run goes on.
 */
@Rewritten(1)
public final class JobExitMain extends SlowTreeMain {

    /** The node whose jobs exit: a field of the target object, which travels with every stolen job. */
    String exitOn;
    /** Whether that node's jobs make a thread of its JVM die of OutOfMemoryError instead (args[3] "oom"). */
    boolean oom;

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        int ms = Integer.parseInt(args[1]);
        JobExitMain tree = new JobExitMain();
        tree.exitOn = args[2];
        tree.oom = args.length > 3 && args[3].equals("oom");
        printChecked(tree.sum(0, n, ms), n);
    }

    @Override
    protected void atLeaf(int i) {
        if (!exitOn.equals(System.getenv("SATIN_NODE"))) {
            return;
        }
        if (!oom) {
            System.exit(7);
        }
        Thread t = new Thread(() -> {
            throw new OutOfMemoryError("Java heap space (thrown by JobExitMain)");
        }, "payload-encoder");
        t.start();
        try {
            t.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
