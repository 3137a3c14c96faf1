package satin.virtual;

/**
 * One virtual-work node in a JVM that hosts several ({@code satin experiment} puts many nodes in one JVM so that the
 * machine's processors are not spent on dozens of JVMs): the node's speed and its wait ledger, carried by the thread
 * group its threads run in.
 *
 * <p>Why a thread group: a node's threads are created by the runtime (its workers) from the thread that starts the
 * node, and a new thread joins its creator's group. So every job a node runs, on any of its workers, finds the
 * node's speed and ledger through {@link Thread#getThreadGroup()}, with no global table and no change to the
 * runtime; a job that crossed to another node in the same JVM runs on that node's workers and takes that node's
 * speed, as it would in that node's own JVM. Threads outside any {@code VirtualNode} use the JVM's speed
 * ({@value VirtualWork#SPEED_PROPERTY}) and the JVM's ledger, as before.
 */
public final class VirtualNode extends ThreadGroup {
    private final double speed;
    private final WaitLedger ledger = new WaitLedger();
    private volatile TreeWatcher watcher;

    /**
     * Told, on the program's main thread, just before the measured tree of a virtual-work program run by this node
     * (as the master) starts and just after its result is back: the warm-up tree before it is not the measured tree.
     * Lets a host count what the nodes did during the measured tree only.
     */
    public interface TreeWatcher {
        void measuredTreeStarts();

        void measuredTreeEnded();
    }

    /**
     * @param name  the node's name (the group's name)
     * @param speed the node's speed relative to a speed-1 node: every wait is divided by it
     */
    public VirtualNode(String name, double speed) {
        super(name);
        if (!(speed > 0) || Double.isInfinite(speed)) {
            throw new IllegalArgumentException("node " + name + ": speed must be positive and finite, got " + speed);
        }
        this.speed = speed;
    }

    public double speed() {
        return speed;
    }

    /** What the jobs run on this node's threads waited and did. */
    public WaitLedger ledger() {
        return ledger;
    }

    /** Who is told when this node's program runs its measured tree (replaces any earlier watcher; null: nobody). */
    public void watchTree(TreeWatcher w) {
        watcher = w;
    }

    /** The watcher of the current thread's node, or null. */
    static TreeWatcher currentWatcher() {
        VirtualNode node = current();
        return node == null ? null : node.watcher;
    }

    /** The node the current thread belongs to, or null outside any. */
    static VirtualNode current() {
        return Thread.currentThread().getThreadGroup() instanceof VirtualNode node ? node : null;
    }
}
