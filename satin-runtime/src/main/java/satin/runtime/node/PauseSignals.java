package satin.runtime.node;

import java.io.IOException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code SatinObject.pause()} and {@code resume()} across nodes: this node's steal requests stop or restart at once,
 * the other nodes' once the registry's signal reaches them ({@link #received}). The signal goes through the registry,
 * which sends one member's signals to each member in the order given, so a pause and the resume after it arrive in
 * that order. A signal that cannot be sent is logged: balancing is an optimisation, not a result. Threads: the
 * program's (sending) and the registry's dispatcher (receiving); each only sets the stealing side's volatile flag.
 */
final class PauseSignals {

    private static final Logger log = LoggerFactory.getLogger(PauseSignals.class);
    /** The registry signals that carry {@code pause()} and {@code resume()} to every node. */
    static final String PAUSE_SIGNAL = "satin:pause-balancing";
    static final String RESUME_SIGNAL = "satin:resume-balancing";

    private PauseSignals() {
    }

    /** The program paused ({@code on} false) or resumed load balancing on this node. */
    static void balancing(NodeRun run, boolean on) {
        NodeRun.Wired parts = run.wired();
        if (parts == null) {
            return;
        }
        parts.remote().paused(!on);
        try {
            parts.node().registry().signal(on ? RESUME_SIGNAL : PAUSE_SIGNAL);
        } catch (IOException e) {
            log.warn("{}: could not tell the other nodes to {} load balancing: {}", run.who(), on ? "resume" : "pause",
                    e.getMessage());
        }
    }

    /** A registry signal reached this node: a pause or resume of another node's program stops or restarts its steals. */
    static void received(NodeRun run, String signal) {
        NodeRun.Wired parts = run.wired();
        if (parts != null && (PAUSE_SIGNAL.equals(signal) || RESUME_SIGNAL.equals(signal))) {
            parts.remote().paused(PAUSE_SIGNAL.equals(signal));
        }
    }
}
