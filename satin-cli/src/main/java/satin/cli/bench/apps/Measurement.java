package satin.cli.bench.apps;

import satin.cli.bench.support.Median;

/**
 * The measured times of one application: t_s (sequential version), t_1 (Satin version, one worker) and
 * t_p (Satin version, N workers; NaN when not measured), each the median of the runs in wall-clock
 * seconds; the process CPU seconds of t_s and t_1 (on a machine shared with other work, their ratio
 * shows the overhead more reliably than wall-clock time); and whether every Satin run gave the
 * sequential answer.
 */
public record Measurement(String app, String size, double sequential, double oneWorker, double allWorkers,
        int workers, double sequentialCpu, double oneWorkerCpu, boolean sameAnswer) {

    /** t_1 / t_s in process CPU time; NaN when t_s used less CPU time than the clock can resolve. */
    public double cpuOverhead() {
        return sequentialCpu > 0 ? oneWorkerCpu / sequentialCpu : Double.NaN;
    }

    /** The overhead of the Satin version on one worker, t_1 / t_s (the paper's target: close to 1). */
    public double overhead() {
        return oneWorker / sequential;
    }

    /** The paper's efficiency t_s / (t_p x N); NaN when t_p was not measured. */
    public double efficiency() {
        return sequential / (allWorkers * workers);
    }

    /** The median of some run times (the mean of the middle two for an even count). */
    static double median(double[] seconds) {
        return Median.of(seconds);
    }
}
