package satin.cli.run;

/**
 * A node JVM in which a thread dies of a {@link VirtualMachineError} ({@code OutOfMemoryError}, {@code
 * StackOverflowError} outside a job, an internal error) stops at once, naming the thread and the error, so that the
 * others find it dead and recover its work. Before, a worker that ran out of memory while sending a result died alone
 * and left its node in the pool, a zombie that answered nothing: the master failed after 60 s with "node 1 did not
 * answer a steal request" (issue 31). An error a job throws is not this: it is the job's outcome, which goes to the
 * job's owner like any exception.
 *
 * <p>Installed only in JVMs that are one node and nothing else ({@link NodeProcess}, a Slurm task): the handler is the
 * JVM's default for every thread. It halts (no shutdown hooks: they may need the memory that ran out) with
 * {@value #STATUS}; the launcher reports the node's death with its last lines, which hold the cause.
 */
final class FatalErrors {

    /** The exit status of a node stopped by a fatal error (EX_SOFTWARE). */
    static final int STATUS = 70;

    private FatalErrors() {
    }

    static void install(String who) {
        Thread.UncaughtExceptionHandler previous = Thread.getDefaultUncaughtExceptionHandler();
        Thread.setDefaultUncaughtExceptionHandler((thread, error) -> {
            if (error instanceof VirtualMachineError) {
                System.err.println("satin run: " + who + ": thread " + thread.getName() + " died of " + error
                        + ": this node stops, the others recover its work");
                System.err.flush();
                Runtime.getRuntime().halt(STATUS);
            } else if (previous != null) {
                previous.uncaughtException(thread, error);
            } else {
                System.err.print("Exception in thread \"" + thread.getName() + "\" ");
                error.printStackTrace();
            }
        });
    }
}
