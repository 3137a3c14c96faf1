package satin.cli.bench.all;

import java.util.List;

/**
 * One {@code satin bench all} run as written to JSON: when, where, with which JDK and how loaded the machine was
 * (the 1-minute load average before and after), and one row per benchmark case.
 */
public record BenchRecord(String started, String finished, Machine machine, String jdk, double loadBefore,
                          double loadAfter, int runs, List<Row> rows) {

    /** The machine: processors, operating system and architecture, and the processor model when known. */
    public record Machine(int processors, String os, String arch, String cpu, long maxHeapMiB) {
    }

    /**
     * One case: its suite ({@code apps} or {@code styles}), name and size; t_s, t_1, t_p in seconds (medians); the
     * ratios t_1/t_s (wall clock and process CPU) and the efficiency t_s/(t_p x N); whether every answer matched.
     */
    public record Row(String suite, String name, String size, double ts, double t1, double tp, int workers,
                      double t1OverTs, double cpuT1OverTs, double efficiency, boolean sameAnswer) {
    }
}
