package satin.cli.launch;

/**
 * How a node JVM tells its launcher, in its last line on standard error, how its part of the run ended; a node that
 * dies (killed by a signal, halted, crashed) says nothing, and that silence is how the launcher tells a death from
 * an end. The launcher takes the line out of the relayed output. The run's own outcome comes from the node that
 * {@linkplain Kind#FINISHED finished} it: its exit status is the run's.
 *
 * <p>Format: {@value #PREFIX} followed by the kind's name in lower case.
 */
public final class NodeEnd {
    static final String PREFIX = "satin-end\t";

    private NodeEnd() {
    }

    /** How a node's part of the run ended. */
    public enum Kind {
        /**
         * This node ended the run: it ran {@code main} to its end (the master, or a successor that ran it again),
         * reported for a master that died after it, or its {@code main} called {@code System.exit}. Its exit status
         * is the run's.
         */
        FINISHED,
        /** The run ended and this node, not the master, ended with it. */
        SERVED,
        /** This node left the run gracefully while it went on. */
        LEFT,
        /** This node's run failed; it printed why (an error line). Without fault tolerance the others fail too. */
        FAILED,
        /**
         * This node's JVM is exiting in the middle of the run, not by the node's own doing: {@code System.exit} in a
         * job running here, or a signal that runs the JVM's shutdown hooks (SIGINT, SIGHUP). The exit status says
         * which; the run goes on without it.
         */
        EXITED
    }

    /** The line a node prints, last, on its standard error. */
    public static String line(Kind kind) {
        return PREFIX + kind.name().toLowerCase(java.util.Locale.ROOT);
    }

    /** The kind a line declares, or null when it is not an end line (then it is relayed as it is). */
    static Kind parse(String line) {
        if (!line.startsWith(PREFIX)) {
            return null;
        }
        try {
            return Kind.valueOf(line.substring(PREFIX.length()).trim().toUpperCase(java.util.Locale.ROOT));
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
