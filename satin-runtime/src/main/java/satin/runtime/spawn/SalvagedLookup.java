package satin.runtime.spawn;

import satin.contract.InvocationRecord;

/**
 * Where a pool that survives the crash of other nodes looks up the outcomes of lost work before it runs it again: the
 * node layer's table of salvaged results ({@code node.recovery.SalvagedResults}), seen from the workers. A record is
 * looked up by its identity (a digest of its call, the same on every node); the table answers with the outcome, with
 * {@link #PENDING} (another node computes it: the record waits for it, and the table hands it back completed or to
 * run here), or with null (nothing known: run it). See "Re-execution" in {@link Worker}.
 *
 * <p>Thread safety: called by any worker at any time; the implementation decides each waiting record's fate once.
 */
public interface SalvagedLookup {

    /** An outcome known for a call: its result, or what it threw. */
    interface Known {
        Object result();

        Throwable failure();
    }

    /** {@link #claim}'s answer for a call another node still computes: the record now waits for its outcome. */
    Known PENDING = new Known() {
        @Override
        public Object result() {
            throw new IllegalStateException("a pending outcome has no result yet");
        }

        @Override
        public Throwable failure() {
            throw new IllegalStateException("a pending outcome has no failure yet");
        }

        @Override
        public String toString() {
            return "pending";
        }
    };

    /** Whether some outcome was never claimed: re-executions look up their spawns only then. */
    boolean active();

    /** Whether re-executions use the outcomes at all (false: they are kept and counted only). */
    boolean reuses();

    /** The identity of {@code record}'s call, equal for equal calls on every node. */
    long identity(InvocationRecord record);

    /**
     * A re-execution reached {@code record}, of identity {@code key}: its known outcome, {@link #PENDING} (the record
     * waits and is completed or handed back later), or null when nothing is known.
     */
    Known claim(long key, InvocationRecord record);

    /**
     * Takes back a record that waits for {@code key} (its sync's worker runs it itself); false when it no longer waits
     * (its outcome arrived, or it was handed back, meanwhile).
     */
    boolean reclaim(long key, InvocationRecord record);
}
