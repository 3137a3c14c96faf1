package satin.cli.bench.apps;

import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;

/**
 * CPU time consumed by this JVM process (all threads: workers, JIT compiler, GC). Unlike wall-clock time it
 * does not grow when other processes take the cores, which matters on a shared machine.
 */
final class ProcessCpu {

    private ProcessCpu() {
    }

    /** Process CPU time in nanoseconds, or wall-clock nanoseconds where the JVM cannot tell. */
    static long nanos() {
        OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
        if (os instanceof com.sun.management.OperatingSystemMXBean hotspot) {
            long cpu = hotspot.getProcessCpuTime();
            if (cpu >= 0) {
                return cpu;
            }
        }
        return System.nanoTime();
    }
}
