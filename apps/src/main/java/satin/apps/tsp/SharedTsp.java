package satin.apps.tsp;

import java.io.PrintStream;
import satin.SatinObject;
import satin.apps.common.AppMain;
import satin.apps.common.Args;
import satin.apps.common.Timed;

/**
 * Travelling salesperson by branch and bound with the best tour length as a shared object ({@link Bound}), as the
 * paper's TSP shares its global minimum: a job that finds a shorter tour lowers the bound on every node, and every
 * job prunes with its node's replica, so work on one node prunes work on the others. The first {@code spawn depth}
 * levels are spawned; each job carries the bound its spawner knew ({@code known}), and its guard holds a stolen job
 * back until the thief's replica is at least that tight. With {@code share off} the same program passes the bound as
 * a parameter instead, as {@link Tsp} does (each job tightens only its own copy): the baseline of
 * {@code satin bench model}. Prints the optimum and the number of search-tree nodes expanded; the self-check compares
 * the optimum with the sequential solver's, and the sequential twin ({@link SequentialSharedTsp}) gives the number of
 * nodes a sequential search with one bound expands.
 */
public final class SharedTsp extends SatinObject implements SharedTspInter {

    static final String USAGE = "tspshared [cities (default 15)] [seed (default 42)] [spawn depth (default 3)] "
            + "[share: on|off (default on)]";

    @Override
    public long[] search(DistanceTable table, Bound bound, int last, int visited, int length, int spawnDepth,
            int known) {
        if (spawnDepth == 0 || visited == Tour.all(table.cities)) {
            Incumbent incumbent = bound != null ? new Incumbent.Shared(bound) : new Incumbent.Local(known);
            long expanded = Incumbent.search(table, incumbent, last, visited, length);
            return new long[] {incumbent.get(), expanded};
        }
        long[][] results = new long[table.cities][];
        int children = 0;
        int unvisited = ~visited & Tour.all(table.cities);
        while (unvisited != 0) {
            int next = Integer.numberOfTrailingZeros(unvisited);
            unvisited &= unvisited - 1;
            int extended = length + table.between(last, next);
            int current = bound != null ? Math.min(known, bound.get()) : known;
            if (!Tour.pruned(table, next, visited | (1 << next), extended, current)) {
                results[children++] = search(table, bound, next, visited | (1 << next), extended, spawnDepth - 1,
                        current);
            }
        }
        sync();
        long best = known;
        long expanded = 1;
        for (int i = 0; i < children; i++) {
            best = Math.min(best, results[i][0]);
            expanded += results[i][1];
        }
        return new long[] {bound != null ? Math.min(best, bound.get()) : best, expanded};
    }

    /** The guard of {@link #search}: the replica here is at least as tight as the spawner's was. */
    public boolean guard_search(DistanceTable table, Bound bound, int last, int visited, int length, int spawnDepth,
            int known) {
        return bound == null || bound.get() <= known;
    }

    /** {optimal tour length, search-tree nodes expanded}, with the bound shared or passed as a parameter. */
    public static long[] compute(DistanceTable table, int spawnDepth, boolean share) {
        int initial = Tour.nearestNeighbour(table);
        Bound bound = share ? new Bound(initial) : null;
        SharedTsp tsp = new SharedTsp();
        long[] result = tsp.search(table, bound, 0, 1, 0, spawnDepth, initial);
        tsp.sync();
        return result;
    }

    public static void main(String[] args) throws Exception {
        int status = AppMain.run(USAGE, 4, args, System.out, System.err, SharedTsp::run);
        if (status != 0) {
            System.exit(status);
        }
    }

    static boolean run(Args args, PrintStream out) throws Exception {
        int cities = args.intAt(0, "cities", 15, 1, 30);
        long seed = args.longAt(1, "seed", 42, Long.MIN_VALUE, Long.MAX_VALUE);
        int spawnDepth = args.intAt(2, "spawn depth", 3, 0, cities);
        String share = args.stringAt(3, "on");
        if (!share.equals("on") && !share.equals("off")) {
            throw args.error("share must be on or off, got '" + share + "'");
        }
        DistanceTable table = DistanceTable.random(cities, seed);
        Timed<long[]> result = Timed.run(() -> compute(table, spawnDepth, share.equals("on")));
        out.println("shortest tour through " + cities + " cities (seed " + seed + ") = " + result.value()[0]);
        out.println("expanded " + result.value()[1] + " nodes (shared bound " + share + ")");
        AppMain.printTime(out, "satin", result);
        Timed<long[]> sequential = Timed.run(() -> SequentialSharedTsp.compute(table));
        out.println("sequential: expanded " + sequential.value()[1] + " nodes (one bound)");
        AppMain.printTime(out, "sequential", sequential);
        return AppMain.check(out, result.value()[0] == sequential.value()[0],
                "equals the sequential solver's optimum " + sequential.value()[0]);
    }
}
