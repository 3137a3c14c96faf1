package satin.runtime.launch;

import satin.runtime.node.SatinNode;

/**
 * {@code System.exit(n)} in the program's {@code main} (or in code {@code main} calls, on the node that runs it) ends
 * the whole run with status {@code n}: it is the program's way to end, not a crash. Without this, the JVM of the node
 * running {@code main} just vanished, the others took it for a crash, and a successor ran {@code main} again (the
 * answer printed twice, issue 29 item 1). A shutdown hook asks the node to end the run for everyone
 * ({@link SatinNode#endRunAtExit}) before the JVM goes; the node's exit status is then the run's.
 *
 * <p>A JVM that exits on a signal (SIGINT, SIGHUP: its shutdown hooks run too) did not end the run: the program did
 * not ask for it, and the others must recover (a master whose terminal or ssh session went away is a crash to
 * survive). The JDK runs a signal's handler on a thread named {@code SIG<NAME> handler}, which waits inside the exit
 * while the hooks run: that thread's presence tells the two apart (there is no API for the exit's cause or status).
 *
 * <p>Every way of starting a pool member installs it: {@code satin run} (whose node JVM's main class must also say in
 * its last line whether the node finished the run) and a program started with plain {@code java}
 * ({@link RuntimeMainLauncher}). The host and this class's own hook may both ask; they run concurrently, so the answer is computed once under this
 * object's monitor, and the second asker waits for the first's answer (bounded: {@link #BOUND_MILLIS}).
 */
public final class ProgramExit {

    /** The longest the hook waits for the other nodes to confirm the end of the run. */
    public static final long BOUND_MILLIS = 5_000;

    private volatile SatinNode node;
    private Boolean endedRun; // guarded by this

    /** The node of the latest attempt to join the pool. */
    public void watch(SatinNode joining) {
        this.node = joining;
    }

    private final Thread hook = new Thread(this::endsRun, "satin-program-exit");

    /**
     * While this node takes part in a run (until {@link #uninstall}), an exit of this JVM by the program ends the run
     * if this node runs {@code main} then.
     */
    public void install() {
        Runtime.getRuntime().addShutdownHook(hook);
    }

    /** This node's part of the run is over: the hook has nothing left to do (a JVM running many runs keeps none). */
    public void uninstall() {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException exiting) {
            // the JVM is exiting already: the hook runs, and finds main no longer running
        }
    }

    /**
     * Called while the JVM exits: whether this exit ended the run (this node ran {@code main}, and the exit is the
     * program's, not a signal's). The first call ends the run; later calls return the same answer.
     */
    public synchronized boolean endsRun() {
        if (endedRun == null) {
            SatinNode n = node;
            endedRun = n != null && !bySignal() && n.endRunAtExit(BOUND_MILLIS);
        }
        return endedRun;
    }

    /** Whether the JVM exits on a signal: the JDK's handler thread of a signal is alive and waits in the exit. */
    public static boolean bySignal() {
        return Thread.getAllStackTraces().keySet().stream()
                .anyMatch(t -> t.getName().startsWith("SIG") && t.getName().endsWith(" handler"));
    }
}
