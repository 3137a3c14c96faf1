/**
 * {@link satin.samples.corpus.phases.Phases}: parallel phases around a paused sequential one, jobs that ask where
 * they run, a shared object asked for its name and whether it is still local, and an inlet class caught by its
 * own type where a {@code catch (Exception e)} does not catch it.
 */
package satin.samples.corpus.phases;
