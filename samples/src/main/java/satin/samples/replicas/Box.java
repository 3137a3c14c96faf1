package satin.samples.replicas;

/**
 * An argument that holds shared objects inside it (not passed directly): what {@link Nested} spawns with. Each travels
 * as a reference and is the replica of the node that runs the job.
 */
public record Box(Ledger ledger, Roll roll) {
}
