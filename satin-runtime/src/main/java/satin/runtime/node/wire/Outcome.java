package satin.runtime.node.wire;

import satin.Inlet;

/**
 * What became of a job that ran on another node, as a {@link Message.Result} or a {@link Message.Salvage} carries it
 * back: its value, what it threw, that it was aborted, that its owner must run it itself, or that a relay hands it
 * back because the node it was passed on to died. Exceptions travel as the objects they are ({@link Thrown},
 * {@link InletThrown}); {@link Codec} decides how they cross the wire.
 */
public sealed interface Outcome {

    /** The job returned {@code value} (its boxed result; null for a void call). */
    record Value(Object value) implements Outcome {
    }

    /** The job threw {@code failure}. */
    record Thrown(Throwable failure) implements Outcome {
    }

    /** The job threw {@code inlet}, an exception the owner's inlet reads the fields of. */
    record InletThrown(Throwable inlet) implements Outcome {
    }

    /** The job was cancelled by an abort and did not complete. */
    record Aborted() implements Outcome {
    }

    /** The outcome cannot come from the sender ({@code problem}: why): the owner runs the job itself. */
    record Rerun(String problem) implements Outcome {
    }

    /** A relay hands the job back: it had passed it on to node {@code deadThief}, which died (-1: not known). */
    record Lost(int deadThief) implements Outcome {
    }

    /** The outcome of a run that returned {@code result} or threw {@code failure}. */
    static Outcome of(Object result, Throwable failure) {
        if (failure == null) {
            return new Value(result);
        }
        if (failure instanceof satin.contract.Aborted) {
            return new Aborted();
        }
        return failure instanceof Inlet ? new InletThrown(failure) : new Thrown(failure);
    }

    /** The value to complete a record with: the job's result, or null when it did not return one. */
    default Object result() {
        return this instanceof Value v ? v.value() : null;
    }

    /** The failure to complete a record with: what it threw, {@code Aborted} for an abort, else null. */
    default Throwable failure() {
        if (this instanceof Thrown t) {
            return t.failure();
        }
        if (this instanceof InletThrown t) {
            return t.inlet();
        }
        return this instanceof Aborted ? satin.contract.Aborted.INSTANCE : null;
    }

    /** Whether this is a job's own ending (value, exception or abort), not a request to run it elsewhere. */
    default boolean completes() {
        return this instanceof Value || this instanceof Thrown || this instanceof InletThrown
                || this instanceof Aborted;
    }
}
