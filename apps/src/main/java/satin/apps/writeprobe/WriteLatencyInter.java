package satin.apps.writeprobe;

import satin.Spawnable;

/** The spawnable step of {@link WriteLatency}. */
public interface WriteLatencyInter extends Spawnable {
    String measure(Counter counter, int depth, int writes, int jvms, long deadlineMillis);
}
