package satin.cli.experiment;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The repeated runs of one emulated cell: the run with the median efficiency stands for the cell, the spread is the
 * range of the efficiencies (max - min), and the best run is the one of highest efficiency. The best run is what the
 * paper printed for GridLab (best of 3 runs, RS by day best of 6: its Tables 4.5 and 4.6), so gridlab compares it.
 *
 * @param median the run of median efficiency (the lower middle one for an even count)
 * @param best   the run of highest efficiency
 * @param runs   every run, in the order they ran
 */
record Repeated(EmulatedRun.Result median, double efficiencySpread, EmulatedRun.Result best, List<EmulatedRun.Result> runs) {
    static Repeated of(List<EmulatedRun.Result> runs, boolean grid) {
        List<EmulatedRun.Result> sorted = new ArrayList<>(runs);
        Comparator<EmulatedRun.Result> byEff = Comparator.comparingDouble(r -> efficiency(r, grid));
        sorted.sort(byEff);
        EmulatedRun.Result worst = sorted.get(0);
        EmulatedRun.Result best = sorted.get(sorted.size() - 1);
        return new Repeated(sorted.get((sorted.size() - 1) / 2), efficiency(best, grid) - efficiency(worst, grid), best,
                List.copyOf(runs));
    }

    private static double efficiency(EmulatedRun.Result r, boolean grid) {
        return grid ? r.gridEfficiency() : r.efficiency();
    }
}
