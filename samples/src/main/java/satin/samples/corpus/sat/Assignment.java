package satin.samples.corpus.sat;

/** Values of the variables so far: 0 unassigned, 1 true, -1 false. Package-private, no no-argument constructor. */
final class Assignment {
    final byte[] values;
    final int assigned;

    Assignment(int vars) {
        this(new byte[vars + 1], 0);
    }

    private Assignment(byte[] values, int assigned) {
        this.values = values;
        this.assigned = assigned;
    }

    Assignment with(int var, boolean value) {
        byte[] next = values.clone();
        next[var] = (byte) (value ? 1 : -1);
        return new Assignment(next, assigned + 1);
    }

    /** -1: some clause is false; 1: every clause is true; 0: undecided. */
    int status(Formula f) {
        boolean all = true;
        for (int[] clause : f.clauses) {
            boolean sat = false;
            boolean open = false;
            for (int lit : clause) {
                byte v = values[Math.abs(lit)];
                if (v == 0) {
                    open = true;
                } else if ((v > 0) == (lit > 0)) {
                    sat = true;
                    break;
                }
            }
            if (!sat && !open) {
                return -1;
            }
            all &= sat;
        }
        return all ? 1 : 0;
    }
}
