package satin.apps.knapsack;

import java.io.PrintStream;
import satin.SatinObject;
import satin.apps.common.AppMain;
import satin.apps.common.Args;
import satin.apps.common.Timed;

/**
 * 0/1 knapsack by branch and bound. For the first {@code spawnDepth} items both choices (take it, leave it)
 * are spawned jobs carrying the best value known when they were spawned (the greedy packing at first);
 * below them a sequential search tightens its own bound. Jobs share no bound, so the answer and the work
 * do not depend on the schedule.
 */
public final class Knapsack extends SatinObject implements KnapsackInter {

    static final String USAGE = "knapsack [items (default 64)] [seed (default 7)] [spawn depth (default 10)]";

    @Override
    public long search(Items items, int item, int room, long value, long best, int spawnDepth) {
        if (spawnDepth == 0 || item == items.weights.length) {
            return Search.searchSequential(items, item, room, value, best);
        }
        if (Search.pruned(items, item, room, value, best)) {
            return best;
        }
        long taken = best;
        if (items.weights[item] <= room) {
            taken = search(items, item + 1, room - items.weights[item], value + items.values[item], best,
                    spawnDepth - 1);
        }
        long left = search(items, item + 1, room, value, best, spawnDepth - 1);
        sync();
        return Math.max(taken, left);
    }

    /** The value of an optimal packing. */
    public static long compute(Items items, int spawnDepth) {
        Knapsack knapsack = new Knapsack();
        long result = knapsack.search(items, 0, items.capacity, 0, Search.greedy(items), spawnDepth);
        knapsack.sync();
        return result;
    }

    public static void main(String[] args) throws Exception {
        int status = AppMain.run(USAGE, 3, args, System.out, System.err, Knapsack::run);
        if (status != 0) {
            System.exit(status);
        }
    }

    static boolean run(Args args, PrintStream out) throws Exception {
        int count = args.intAt(0, "items", 64, 1, 100_000);
        long seed = args.longAt(1, "seed", 7, Long.MIN_VALUE, Long.MAX_VALUE);
        int spawnDepth = args.intAt(2, "spawn depth", 10, 0, count);
        Items items = Items.random(count, seed);
        Timed<Long> result = Timed.run(() -> compute(items, spawnDepth));
        out.println("best value of " + count + " items (seed " + seed + ", capacity " + items.capacity + ") = "
                + result.value());
        AppMain.printTime(out, "satin", result);
        long expected = Search.dynamicProgramming(items);
        return AppMain.check(out, result.value() == expected, "equals the dynamic-programming optimum " + expected);
    }
}
