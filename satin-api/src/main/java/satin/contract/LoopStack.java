package satin.contract;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The counted loops a worker thread runs, oldest first (see {@link LoopRange}): what a thief's demand is answered
 * from. An object of its own, not fields of the thread: {@link LoopRange#next} writes {@link #top} at every
 * iteration, and the thread object holds {@code ask}, which thieves write.
 *
 * <p>A loop left by an exception (without {@link Spawns#loopExit}) stays above {@link #top} only until the next
 * iteration of a loop below it, or the end of the job it ran in, resets {@code top}: an entry at or above
 * {@code top} is never split. This thread only.
 */
final class LoopStack {

    private LoopRange[] loops = new LoopRange[64];
    /** One past the innermost loop. */
    int top;
    /** Every loop below this position had no iteration left when last looked at. */
    private int low;
    /** The job that runs on the thread now: the parent of the parts split off the loops it enters. */
    InvocationRecord job;

    void push(LoopRange range, boolean ownJob) {
        int d = top;
        if (d == loops.length) {
            loops = Arrays.copyOf(loops, d * 2);
        }
        loops[d] = range;
        range.depth = d;
        range.stack = this;
        top = d + 1;
        if (d < low) {
            low = d;
        }
        if (ownJob) {
            range.parent = job;
        }
    }

    /**
     * A thief's share of every loop on the stack, as a work bag gives half of what it holds: each loop with at least
     * two iterations left after the one running now keeps the low half and gives the high half; of the loops with
     * one left, every other one gives it. Returns null when nothing is left, the one part when there is one, else a
     * {@link LoopParts} of them, oldest loop first.
     *
     * <p>Why every loop and not only the oldest: on a tree whose subtrees are mostly tiny (a critical binomial tree),
     * one loop's remaining siblings are a few subtrees that are leaves four times in five, while the stack's many
     * loops together hold the worker's whole reserve.
     */
    InvocationRecord split() {
        List<LoopRange> parts = null;
        boolean giveSingle = true;
        int first = -1;
        for (int d = Math.min(low, top); d < top; d++) {
            LoopRange r = loops[d];
            int rest = r.end - r.at - 1;
            if (rest <= 0) {
                continue;
            }
            if (first < 0) {
                first = d;
            }
            if (rest == 1) {
                giveSingle = !giveSingle;
                if (giveSingle) {
                    continue; // every other single iteration stays with the loop
                }
            }
            if (parts == null) {
                parts = new ArrayList<>();
            }
            parts.add(r.split());
        }
        low = first < 0 ? top : first;
        if (parts == null) {
            return null;
        }
        return parts.size() == 1 ? parts.get(0) : new LoopParts(parts.toArray(new LoopRange[0]));
    }
}
