/**
 * A probe for {@code satin bench model}, not an application: a tree of searches whose leaves spin (spawn and sync in
 * a loop) until they are aborted, and records when the last leaf stopped, so the benchmark can time an
 * {@code abort()} from the call to the last descendant stopping. {@link satin.apps.abortprobe.Spinner}'s counters are
 per JVM (one JVM only); {@link satin.apps.abortprobe.RemoteSpinner} keeps them in a shared object, {@link
 satin.apps.abortprobe.Stops}, to time an abort of a leaf that another JVM runs.
 */
package satin.apps.abortprobe;
