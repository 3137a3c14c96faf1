package satin.apps.abortprobe;

import satin.WriteMethodsInterface;

/** The write method of {@link Tally}. */
public interface TallyWrites extends WriteMethodsInterface {
    /** Counts one more {@code event}. */
    void add(String event);
}
