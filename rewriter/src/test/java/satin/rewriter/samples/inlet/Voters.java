package satin.rewriter.samples.inlet;

/** Spawnable calls that answer by throwing. */
public interface Voters extends satin.Spawnable {
    /** Throws {@code Vote(value)}. */
    void cast(int value) throws Vote;

    /** Returns {@code value * 10}, or throws {@code Vote(value)} when {@code value} is odd. */
    int tenfoldEven(int value) throws Vote;

    /** Returns {@code value * 10}. */
    int tenfold(int value);

    /** Throws an IllegalStateException naming {@code value}. */
    int broken(int value);

    /** Searches [from, to) for {@code target}, throwing {@code Vote(position)} where it is; spawns down to width 1. */
    void search(int[] data, int from, int to, int target) throws Vote;
}
