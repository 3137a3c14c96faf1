package satin.cli.experiment;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The repeated runs of one emulated cell: the run with the median efficiency stands for the cell, and the spread is
 * the range of the efficiencies (max - min).
 *
 * @param median the run of median efficiency (the lower middle one for an even count)
 * @param runs   every run, in the order they ran
 */
record Repeated(EmulatedRun.Result median, double efficiencySpread, List<EmulatedRun.Result> runs) {
    static Repeated of(List<EmulatedRun.Result> runs, boolean grid) {
        List<EmulatedRun.Result> sorted = new ArrayList<>(runs);
        Comparator<EmulatedRun.Result> byEff = Comparator.comparingDouble(r -> grid ? r.gridEfficiency() : r.efficiency());
        sorted.sort(byEff);
        double lo = grid ? sorted.get(0).gridEfficiency() : sorted.get(0).efficiency();
        double hi = grid ? sorted.get(sorted.size() - 1).gridEfficiency() : sorted.get(sorted.size() - 1).efficiency();
        return new Repeated(sorted.get((sorted.size() - 1) / 2), hi - lo, List.copyOf(runs));
    }
}
