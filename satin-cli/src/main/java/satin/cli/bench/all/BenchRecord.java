package satin.cli.bench.all;

import java.util.List;
import java.util.Map;

/**
 * One {@code satin bench all} run as written to JSON: when, where, with which JDK and how loaded the machine was
 * (the 1-minute load average before and after), one row per application case, and the figures of every other
 * benchmark by its name.
 */
public record BenchRecord(String started, String finished, Machine machine, String jdk, double loadBefore,
                          double loadAfter, int runs, List<Row> rows, Map<String, Benchmark> benchmarks) {

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

    /**
     * One other benchmark: the command line it ran with, its exit status, the load average before and after it, and
     * the figures it wrote (names to numbers; ratios are plain numbers, times carry their unit in the name).
     */
    public record Benchmark(String command, int status, double loadBefore, double loadAfter,
                            Map<String, Double> figures) {
    }
}
