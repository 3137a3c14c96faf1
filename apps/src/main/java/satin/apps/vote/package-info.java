/**
 * The vote application: two-out-of-three voting with inlets and {@code abort()}. Three replicas compute the same
 * value (a sum over primes, itself a spawning divide-and-conquer computation); one of them may be made faulty. Each
 * replica answers by throwing a {@link Ballot} (a {@code satin.Inlet}); the inlet around the spawns counts the
 * ballots and, as soon as two agree, decides and calls {@code abort()}, which cancels the third replica's whole
 * computation. The sequential twin computes the three replicas one after the other and takes the majority; the
 * self-check compares the decision with the fault-free value.
 */
package satin.apps.vote;
