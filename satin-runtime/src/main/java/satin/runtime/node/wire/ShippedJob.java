package satin.runtime.node.wire;

import satin.contract.InvocationRecord;

/**
 * A job a victim has decided to ship to a thief, as a {@link Message.StealReply} carries it: the record, the id the
 * victim keeps it under (the thief's RESULT names it), and whether it belongs to the re-execution of lost work (then
 * the thief looks up its spawns too). Decided before it is written: writing it changes nothing, and a job that cannot
 * be written makes the reply go without it ({@link Codec#write}'s answer says so).
 *
 * @param thiefApplied the shared-object updates the thief had applied, which decides how the shared objects inside
 *                     the job travel (not on the wire; a read job has -1)
 */
public record ShippedJob(InvocationRecord record, long jobId, boolean reExecution, long thiefApplied) {

    /** A job as a thief reads it. */
    public ShippedJob(InvocationRecord record, long jobId, boolean reExecution) {
        this(record, jobId, reExecution, -1);
    }
}
