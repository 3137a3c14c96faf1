package satin.apps.tsp;

import java.io.PrintStream;
import satin.SatinObject;
import satin.apps.common.AppMain;
import satin.apps.common.Args;
import satin.apps.common.Timed;

/**
 * Travelling salesperson by branch and bound. The first {@code spawnDepth} levels of the search tree are
 * spawned jobs, each carrying the distance table and the bound known when it was spawned (the
 * nearest-neighbour tour at first); below them a sequential search tightens its own bound. No bound is
 * shared between jobs, so the pruning and the answer do not depend on the order jobs run in: the optimal
 * length is the same on any number of workers (the paper's version shares a global bound instead).
 */
public final class Tsp extends SatinObject implements TspInter {

    static final String USAGE = "tsp [cities (default 15)] [seed (default 42)] [spawn depth (default 3)]";

    @Override
    public int search(DistanceTable table, int last, int visited, int length, int bound, int spawnDepth) {
        if (spawnDepth == 0 || visited == Tour.all(table.cities)) {
            return Tour.searchSequential(table, last, visited, length, bound);
        }
        int[] results = new int[table.cities];
        int children = 0;
        int unvisited = ~visited & Tour.all(table.cities);
        while (unvisited != 0) {
            int next = Integer.numberOfTrailingZeros(unvisited);
            unvisited &= unvisited - 1;
            int extended = length + table.between(last, next);
            if (!Tour.pruned(table, next, visited | (1 << next), extended, bound)) {
                results[children++] = search(table, next, visited | (1 << next), extended, bound, spawnDepth - 1);
            }
        }
        sync();
        int best = bound;
        for (int i = 0; i < children; i++) {
            best = Math.min(best, results[i]);
        }
        return best;
    }

    /** The length of a shortest tour through all cities of {@code table}. */
    public static int compute(DistanceTable table, int spawnDepth) {
        Tsp tsp = new Tsp();
        int result = tsp.search(table, 0, 1, 0, Tour.nearestNeighbour(table), spawnDepth);
        tsp.sync();
        return result;
    }

    public static void main(String[] args) throws Exception {
        int status = AppMain.run(USAGE, 3, args, System.out, System.err, Tsp::run);
        if (status != 0) {
            System.exit(status);
        }
    }

    static boolean run(Args args, PrintStream out) throws Exception {
        int cities = args.intAt(0, "cities", 15, 1, 30);
        long seed = args.longAt(1, "seed", 42, Long.MIN_VALUE, Long.MAX_VALUE);
        int spawnDepth = args.intAt(2, "spawn depth", 3, 0, cities);
        DistanceTable table = DistanceTable.random(cities, seed);
        Timed<Integer> result = Timed.run(() -> compute(table, spawnDepth));
        out.println("shortest tour through " + cities + " cities (seed " + seed + ") = " + result.value());
        AppMain.printTime(out, "satin", result);
        Timed<Integer> sequential = Timed.run(() -> SequentialTsp.compute(table, spawnDepth));
        AppMain.printTime(out, "sequential", sequential);
        return AppMain.check(out, result.value().equals(sequential.value()),
                "equals the sequential solver's optimum " + sequential.value());
    }
}
