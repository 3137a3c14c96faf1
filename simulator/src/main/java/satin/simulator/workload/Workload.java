package satin.simulator.workload;

/**
 * A divide-and-conquer job tree, produced lazily: the simulator asks for the root and, whenever a job has
 * finished its own code, for its children. Implementations must be deterministic (same calls, same tree) and
 * may keep no per-run state, so that one instance can be simulated many times.
 */
public interface Workload {
    /** Receives spawned children in spawn order. */
    @FunctionalInterface
    interface Spawner {
        void spawn(SimJob child);
    }

    String name();

    SimJob root();

    /** Creates {@code parent.childCount} children of {@code parent}, in spawn order. */
    void spawnChildren(SimJob parent, Spawner spawner);

    /** t_s: total own compute time of all jobs on a node of speed 1.0, without any Satin overhead. */
    long sequentialNanos();

    /** Satin's cost of one spawn plus its share of sync on a node of speed 1.0, not part of t_s. */
    long spawnOverheadNanos();
}
