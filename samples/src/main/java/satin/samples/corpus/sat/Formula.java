package satin.samples.corpus.sat;

/** A CNF formula: clauses of literals (+v or -v, variables from 1). Package-private, no no-argument constructor. */
final class Formula {
    final int vars;
    final int[][] clauses;

    Formula(int vars, int[][] clauses) {
        this.vars = vars;
        this.clauses = clauses;
    }

    /** A random formula of {@code k}-literal clauses, the same for a seed everywhere. */
    static Formula random(int vars, int count, int k, long seed) {
        java.util.Random r = new java.util.Random(seed);
        int[][] clauses = new int[count][k];
        for (int[] c : clauses) {
            for (int i = 0; i < k; i++) {
                int v = 1 + r.nextInt(vars);
                c[i] = r.nextBoolean() ? v : -v;
            }
        }
        return new Formula(vars, clauses);
    }
}
