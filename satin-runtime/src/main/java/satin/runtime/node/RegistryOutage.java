package satin.runtime.node;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a node does while its registry is gone (the registry's process died; the IPL reconnects:
 * {@code ipl.registry.reconnect}, which a node always sets). The registry serves a run only at its edges and for
 * deaths, so the run goes on over the links the nodes have:
 * <ul>
 *   <li><b>Work</b> goes on unchanged: steal requests, results, shared objects and the end of the run (DONE, the
 *       statistics) travel over the nodes' own links. The master is derived from each node's view, not elected, so
 *       it needs no registry either.</li>
 *   <li><b>Deaths</b> are seen through links only: a node whose JVM dies closes its connections; the closed link
 *       and a refused probe of its address make it dead at once ({@link ClosedLinks}), and so does a send that
 *       fails. A node that is alive but silent (frozen, cut off) is not declared dead
 *       meanwhile: nobody counts heartbeats; its steal replies are waited for up to the run's timeout.</li>
 *   <li><b>Membership</b> does not change otherwise: no node joins ({@code --join} cannot reach the registry), a
 *       graceful leave goes over the links as always, and {@code pause()}/{@code resume()} are not passed on (a
 *       line says so).</li>
 *   <li><b>The end</b>: the pool's termination needs the registry, so a node that has sent its statistics after
 *       DONE ends once the node that reports the run has them (it answered a question sent after them; if it died
 *       first, they go to the next one), without waiting for the termination ({@link #endsWithoutTermination}).</li>
 *   <li><b>A restarted registry</b> at the same address is rebuilt from the members' states and the run goes on as
 *       before (joins again possible; a node that died meanwhile is declared dead by it, which changes nothing).</li>
 * </ul>
 * A member cut off from everything (no sign of the registry's host for the detection time) does not ride out: the IPL
 * gives the registry up, and the node stops as it did without reconnecting (fenced: the others recover its work).
 *
 * <p>Threads: set on the registry's dispatcher thread, read by the thread that runs the node and by
 * {@link ClosedLinks}' thread (volatile); the listeners of {@link #whenBegins} run on the dispatcher thread.
 */
final class RegistryOutage {
    private static final Logger log = LoggerFactory.getLogger(RegistryOutage.class);

    private final String who;
    private volatile boolean now;
    /** Told when an outage begins, on the registry's dispatcher thread (so they only hand over: ClosedLinks). */
    private final List<Runnable> onBegin = new CopyOnWriteArrayList<>();

    RegistryOutage(String who) {
        this.who = who;
    }

    /** {@code listener} runs each time an outage begins, after {@link #now} says so; it must not wait. */
    void whenBegins(Runnable listener) {
        onBegin.add(listener);
    }

    /** The registry's connection is gone and the IPL tries to get it back. */
    void began(Throwable cause) {
        now = true;
        onBegin.forEach(Runnable::run);
        log.warn("{}: lost the registry ({}); the run goes on over the links between the nodes (deaths are seen "
                + "through them; no node can join meanwhile); trying to get the registry back", who,
                cause.getMessage());
    }

    /** The registry is back (restarted, or reachable again) and this node is in its pool again. */
    void ended() {
        now = false;
        log.warn("{}: the registry is back; this node is in its pool again", who); // ends the warning above
    }

    /** Whether the registry is gone now. */
    boolean now() {
        return now;
    }

    /**
     * Whether a node whose statistics the reporting node has (after DONE) ends now instead of waiting for the pool's
     * termination, which only the registry could announce: so while it is gone. Should the reporting node die before
     * it prints them, they are lost (the run's answer is not).
     */
    boolean endsWithoutTermination() {
        if (now) {
            log.info("{}: the registry is gone, so nobody can announce the pool's end: ending after the statistics",
                    who);
        }
        return now;
    }
}
