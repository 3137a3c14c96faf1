/**
 * A probe for {@code satin bench model}, not an application: a tree of searches whose leaves spin (spawn and sync in
 * a loop) until they are aborted, and records when the last leaf stopped, so the benchmark can time an
 * {@code abort()} from the call to the last descendant stopping. Its counters are per JVM: one JVM only.
 */
package satin.apps.abortprobe;
