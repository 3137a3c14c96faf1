/**
 * A Satin runtime in one JVM: {@link satin.runtime.SatinRuntime} starts a pool of workers from an explicit
 * {@link satin.runtime.RuntimeConfig} (no global state: several runtimes can live in one JVM) and runs code on
 * them ({@code call}, {@code runMain}). The work stealing itself is {@code spawn}; several JVMs are {@code node}.
 */
package satin.runtime;
