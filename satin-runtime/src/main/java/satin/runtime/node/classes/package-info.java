/**
 * The Kryo registration list of a run, computed identically on every node from the class path without loading a
 * class ({@link satin.runtime.node.classes.SerializationClasses}: class-file headers read with ASM, the closure of
 * every type a job may hold), and class names in Java's and the JVM's spelling
 * ({@link satin.runtime.node.classes.ClassNames}). See "Serialization" in satin-runtime/README.md. Threads: computed
 * once, on the thread that starts the node (or the launcher), before any message; the list is immutable after.
 */
package satin.runtime.node.classes;
