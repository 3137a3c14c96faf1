package satin.ipl;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Fault injection: a switch that cuts this node off from the other clusters and from the registry, as a network
 * partition of its cluster would, and heals the cut again. Given to a node when it starts
 * ({@code Ipl.node(...).networkCut(cut)}); it acts on the node's wide-area links when the node runs the {@code wan}
 * implementation (links to nodes of the same cluster are not cut) and on its registry connection (heartbeats
 * included), so a cut longer than the heartbeat timeout makes the registry declare the node dead and the node lose
 * the registry.
 *
 * <p>A cut holds traffic, it does not destroy it: reliable packets and registry frames sent or received during the cut
 * wait and pass, in order, when it heals (a partition shorter than TCP's patience only delays a stream); unreliable
 * packets sent during the cut are lost. So a cut shorter than the detection time only delays the run.
 *
 * <p>Threads: {@link #cut} and {@link #heal} may be called from any thread; the layers that hold traffic read the
 * state under their own locks and register a listener that releases what they hold on {@link #heal}.
 */
public final class NetworkCut {

    private volatile boolean cut;
    private final List<Runnable> onHeal = new CopyOnWriteArrayList<>();

    /** Whether traffic is held now. */
    public boolean isCut() {
        return cut;
    }

    /** Cuts the links (idempotent). */
    public void cut() {
        cut = true;
    }

    /** Heals the cut: every layer releases what it held, in order (idempotent). */
    public void heal() {
        cut = false;
        for (Runnable r : onHeal) {
            r.run();
        }
    }

    /**
     * Runs {@code release} on every {@link #heal}, on the healing thread. A layer reads {@link #isCut} and queues
     * under the same lock its release takes, so nothing queued is missed.
     */
    public void onHeal(Runnable release) {
        onHeal.add(release);
    }
}
