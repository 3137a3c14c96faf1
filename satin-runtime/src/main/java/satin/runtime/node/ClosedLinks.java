package satin.runtime.node;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import satin.ipl.ConnectionUpcall;
import satin.ipl.Node;
import satin.ipl.NodeIdentifier;
import satin.ipl.Reachability;
import satin.ipl.ReceivePortIdentifier;
import satin.ipl.SendPortIdentifier;
import satin.runtime.node.membership.Observation;
import satin.runtime.node.membership.PoolView;

/**
 * A link to another member that closed by itself, reported to the pool view at once as an observation
 * ({@link Observation.LinkClosed}). The IPL tells this node's inbox when a member's connection to it ends; with a
 * cause, the link broke (without one, the member closed its port: the orderly end of its run).
 *
 * <p>While the registry is up that is all: a broken link is an observation, not a verdict, and the registry, which
 * sees the same death, decides. While the registry is gone ({@link RegistryOutage}) nobody else will, and a member
 * killed while a steal request waited for it would hold that request up for the run's timeout. So the member's
 * address is probed: refused (its host answers, its process is gone) makes the observation a verdict, and recovery
 * (which ends the requests to it) runs at once; an answer or silence (a frozen or cut-off member) decides nothing. A
 * link that closed while the registry was still up is probed when the outage begins: a killed rank 0 under Slurm takes
 * the registry with it, and which of the two closes is seen first is chance.
 *
 * <p>Threads: the upcall runs on the transport's I/O thread and only hands over. The probes (each waits up to the
 * detection time) and the reports run in order on this object's one thread, which alone touches {@link #suspects}.
 * The thread exists only while there is work; {@link #close} stops it.
 */
final class ClosedLinks implements ConnectionUpcall, AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(ClosedLinks.class);
    /** Between two probes of one member when the first failed fast (see {@link #probe}). */
    private static final long RETRY_MILLIS = 100;

    /** Asks whether a member's address answers, within a bound ({@link Node#probe}). */
    @FunctionalInterface
    interface Prober {
        Reachability probe(NodeIdentifier member, long timeoutMillis);
    }

    /**
     * Where an observation goes: crash recovery, through the view's downing rule ({@link NodeRun#observed}), posted to
     * the node's protocol loop (this object's thread never touches the view's state, it only reads it).
     */
    @FunctionalInterface
    interface Sink {
        void observed(int member, Observation observation);
    }

    private final String who;
    private final PoolView view;
    private final BooleanSupplier registryGone;
    private final Prober prober;
    private final long boundMillis;
    private final Sink sink;
    private final ExecutorService thread;
    /** Members whose link closed while the registry was up, not gone since: probed when an outage begins. */
    private final Map<Integer, String> suspects = new HashMap<>();

    /** The closed links of {@code run}'s node {@code node}, probed within the run's detection time. */
    ClosedLinks(NodeRun run, Node node) {
        this(run.who(), run.membership, run.outage::now, node::probe, run.options.detectionMillis(),
                (member, observation) -> run.loop.post(() -> run.observed(member, observation)));
        run.outage.whenBegins(this::outageBegan);
    }

    ClosedLinks(String who, PoolView view, BooleanSupplier registryGone, Prober prober, long boundMillis, Sink sink) {
        this.who = who;
        this.view = view;
        this.registryGone = registryGone;
        this.prober = prober;
        this.boundMillis = boundMillis;
        this.sink = sink;
        ThreadPoolExecutor one = new ThreadPoolExecutor(1, 1, 5, TimeUnit.SECONDS, new LinkedBlockingQueue<>(), r -> {
            Thread t = new Thread(r, "satin-closed-links");
            t.setDaemon(true);
            return t;
        });
        one.allowCoreThreadTimeOut(true);
        this.thread = one;
    }

    @Override
    public Answer gotConnection(ReceivePortIdentifier port, SendPortIdentifier origin) {
        return Answer.ACCEPT;
    }

    @Override
    public void lostConnection(ReceivePortIdentifier port, SendPortIdentifier origin, Throwable cause) {
        if (cause == null) {
            return; // the member closed its port: it ended its run in order
        }
        NodeIdentifier id = origin.node();
        int member;
        try {
            member = PoolView.numberOf(id);
        } catch (IllegalStateException e) {
            return; // not a member of this pool's numbering: nothing to report
        }
        NodeIdentifier known = view.get(member);
        if (known == null || !known.sameAs(id)) {
            return;
        }
        String why = String.valueOf(cause.getMessage());
        hand(() -> closed(member, id, why));
    }

    /** An outage of the registry began (its dispatcher thread): the links that closed before are probed now. */
    void outageBegan() {
        hand(() -> {
            for (Integer member : List.copyOf(suspects.keySet())) {
                NodeIdentifier id = view.get(member);
                if (view.isGone(member) || id == null) {
                    suspects.remove(member);
                } else {
                    probe(member, id, suspects.get(member));
                }
            }
        });
    }

    private void hand(Runnable work) {
        try {
            thread.execute(work);
        } catch (RejectedExecutionException e) {
            // closed: the node's run is over
        }
    }

    private void closed(int member, NodeIdentifier id, String why) {
        if (view.isGone(member)) {
            return;
        }
        log.debug("{}: the link to {} closed ({})", who, id.location(), why);
        if (registryGone.getAsBoolean()) {
            probe(member, id, why);
        } else {
            suspects.put(member, why);
            sink.observed(member, new Observation.LinkClosed(why, false));
        }
    }

    /**
     * Probes {@code member}'s address until it refuses or answers, or the bound passes. A probe that fails fast
     * without a refusal is repeated: a process being killed closes its connections before its listening socket.
     */
    private void probe(int member, NodeIdentifier id, String why) {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(boundMillis);
        Reachability found;
        while (true) {
            long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
            found = prober.probe(id, Math.max(1, left));
            if (found != Reachability.SILENT || left <= RETRY_MILLIS || Thread.currentThread().isInterrupted()) {
                break;
            }
            try {
                Thread.sleep(RETRY_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        if (found == Reachability.SILENT) {
            suspects.put(member, why);
            log.info("{}: {} does not answer at its address, nor refuses: not declared dead without the registry",
                    who, id.location());
            return;
        }
        suspects.remove(member);
        if (found == Reachability.REFUSES) {
            log.warn("{}: the link to {} closed ({}) while the registry is gone, and its address refuses connections: "
                    + "it is dead", who, id.location(), why);
            sink.observed(member, new Observation.LinkClosed(why, true));
        }
    }

    /** The node's run is over: no more probes (one in progress is interrupted). */
    @Override
    public void close() {
        thread.shutdownNow();
    }
}
