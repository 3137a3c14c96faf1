package satin.samples.corpus.sat;

import satin.SatinObject;

/**
 * {@code SatCount [vars [clauses [seed]]]}: counts the models of a random 3-CNF formula by branching on one variable
 * at a time, in parallel near the root. The formula and the partial assignments are package-private classes without
 * no-argument constructors; the branching order is an anonymous class made in a static method that captures the
 * variables' ranking (it travels with each job, captured array and all). Prints the number of models.
 */
public final class SatCount extends SatinObject implements CountInter {
    private static final long serialVersionUID = 1L;

    /** Branches at fewer assigned variables than this are spawned. */
    private static final int SPAWN_LEVELS = 9;

    @Override
    public long count(Formula f, Assignment a, VariableOrder order) {
        int status = a.status(f);
        if (status < 0) {
            return 0;
        }
        if (status > 0) {
            return 1L << (f.vars - a.assigned);
        }
        int v = order.next(a);
        if (a.assigned < SPAWN_LEVELS) {
            long yes = count(f, a.with(v, true), order);
            long no = count(f, a.with(v, false), order);
            sync();
            return yes + no;
        }
        return countHere(f, a.with(v, true), order) + countHere(f, a.with(v, false), order);
    }

    /** The same count as plain recursion, below the spawn levels. */
    private static long countHere(Formula f, Assignment a, VariableOrder order) {
        int status = a.status(f);
        if (status != 0) {
            return status < 0 ? 0 : 1L << (f.vars - a.assigned);
        }
        int v = order.next(a);
        return countHere(f, a.with(v, true), order) + countHere(f, a.with(v, false), order);
    }

    /** Variables by how many clauses name them, most first: an anonymous class capturing the ranking. */
    static VariableOrder byOccurrence(Formula f) {
        Integer[] vars = new Integer[f.vars];
        int[] counts = new int[f.vars + 1];
        for (int[] clause : f.clauses) {
            for (int lit : clause) {
                counts[Math.abs(lit)]++;
            }
        }
        for (int i = 0; i < f.vars; i++) {
            vars[i] = i + 1;
        }
        java.util.Arrays.sort(vars, (x, y) -> counts[y] != counts[x] ? counts[y] - counts[x] : x - y);
        int[] ranking = new int[f.vars];
        for (int i = 0; i < f.vars; i++) {
            ranking[i] = vars[i];
        }
        return new VariableOrder() {
            @Override
            public int next(Assignment a) {
                for (int v : ranking) {
                    if (a.values[v] == 0) {
                        return v;
                    }
                }
                throw new IllegalStateException("every variable is assigned");
            }
        };
    }

    public static void main(String[] args) {
        int vars = args.length > 0 ? Integer.parseInt(args[0]) : 22;
        int clauses = args.length > 1 ? Integer.parseInt(args[1]) : 70;
        long seed = args.length > 2 ? Long.parseLong(args[2]) : 7;
        Formula f = Formula.random(vars, clauses, 3, seed);
        SatCount counter = new SatCount();
        long models = counter.count(f, new Assignment(vars), byOccurrence(f));
        counter.sync();
        System.out.println("sat " + vars + " variables, " + clauses + " clauses (seed " + seed + "): " + models
                + " models");
    }
}
