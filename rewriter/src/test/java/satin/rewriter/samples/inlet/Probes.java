package satin.rewriter.samples.inlet;

/** Spawnable calls of searches written the way programs for the original Satin were. */
public interface Probes extends satin.Spawnable {
    /**
     * Alpha-beta style probe of a synthetic game tree: the best leaf value below {@code node}, or {@code Done(bound)}
     * as soon as some leaf reaches {@code bound} (a cut-off).
     */
    Integer probe(int node, int depth, int bound) throws Done;

    /** First-solution search: throws {@code Vote(position)} where {@code data[position] == target}, past its parents. */
    void find(int[] data, int from, int to, int target) throws Vote;

    /** Throws {@code Vote(value)}. */
    void signal(int value) throws Vote;

    /** A row of a guarded search: throws {@code Vote(row)} at {@code row == stop}. */
    void row(int row, int limit, int stop) throws Vote;

    /** Counts one call in {@code Styles.TICKS}. */
    void tick();
}
