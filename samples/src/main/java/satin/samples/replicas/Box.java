package satin.samples.replicas;

/** An argument that holds a shared object inside it (not passed directly): what {@link Nested} spawns with. */
public record Box(Ledger ledger) {
}
