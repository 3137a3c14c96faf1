package satin.apps.abortprobe;

import satin.WriteMethodsInterface;

/** The write methods of {@link Stops}. */
public interface StopsWrites extends WriteMethodsInterface {
    void started(long jvm);

    void stopped(long jvm, long spinningSince, long nanoTime);
}
