package satin.samples.corpus.sat;

/** Which variable to branch on next; {@link SatCount} passes an anonymous implementation along with every job. */
interface VariableOrder {
    /** An unassigned variable of {@code a}, which has at least one. */
    int next(Assignment a);
}
