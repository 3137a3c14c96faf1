package satin.cli.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * gridlab compares what the paper printed, the best of 3 runs (RS by day: of 6), and shows the median and every run
 * beside it, so a run that fell into the tail is seen and not hidden.
 */
class GridLabBestOfRunsTest {
    private static EmulatedRun.Result run(double gridEfficiency, long interMessages) {
        List<EmulatedRun.Site> sites = List.of(new EmulatedRun.Site("A", 8, 0.6 + gridEfficiency / 10, 0.6),
                new EmulatedRun.Site("B", 4, 0.4 - gridEfficiency / 10, 0.4));
        return new EmulatedRun.Result(50, 1356, gridEfficiency / 2, gridEfficiency, 0.05, 0.2, 1000, 100, 1_000_000,
                interMessages, 2_000_000, 50, 20, 0.01, 100, 0.001, 0.005, 10, 20, sites, true);
    }

    @Test
    void theBestRunIsTheOneOfHighestEfficiencyAndTheMedianTheMiddleOne() {
        EmulatedRun.Result tail = run(0.446, 315_797);
        EmulatedRun.Result good = run(0.771, 23_235);
        EmulatedRun.Result best = run(0.802, 14_757);
        Repeated r = Repeated.of(List.of(good, best, tail), true);
        assertEquals(best, r.best());
        assertEquals(good, r.median());
        assertEquals(0.802 - 0.446, r.efficiencySpread(), 1e-12);
        assertEquals(List.of(good, best, tail), r.runs(), "in the order they ran");
        Repeated one = Repeated.of(List.of(tail), true);
        assertEquals(tail, one.best());
        assertEquals(tail, one.median());
        assertEquals(0, one.efficiencySpread());
    }

    @Test
    void threeRunsPrintTheBestBesideThePaperAndTheMedianAndEveryRun() {
        GridLabEmulation.Cell cell = new GridLabEmulation.Cell("nighttime", "CRS", null, null,
                Repeated.of(List.of(run(0.771, 23_235), run(0.802, 14_757), run(0.446, 315_797)), true));
        String out = printed(List.of(cell));
        assertTrue(out.contains("the best of 3 runs (what the paper printed"), out);
        String bestRow = line(out, "best of 3 |");
        assertTrue(bestRow.contains(" 80.2 ") && bestRow.contains("14757"), "the best run's figures: " + bestRow);
        String medianRow = line(out, "median    |");
        assertTrue(medianRow.contains(" 77.1±35.6") && medianRow.contains("23235"), "the median run ± the range: " + medianRow);
        assertTrue(out.contains("nighttime                CRS  77.1, 80.2, 44.6"), "every run, in order: " + out);
        assertTrue(line(out, "CRS  |").contains("A 68.0/- vs 60.0"), "work per site of the best run: " + out);
    }

    @Test
    void oneRunSaysThePaperPrintedTheBestOfThree() {
        GridLabEmulation.Cell cell = new GridLabEmulation.Cell("nighttime", "CRS", null, null,
                Repeated.of(List.of(run(0.446, 315_797)), true));
        String out = printed(List.of(cell));
        assertTrue(out.contains("emulated: one run; the paper printed the best of 3 runs"), out);
        assertTrue(line(out, "emulated  |").contains(" 44.6 "), out);
        assertFalse(out.contains("best of 1"), out);
    }

    @Test
    void everyExperimentRunsOnceUnlessAskedAndRepeatsWhenAsked() {
        GridLabEmulation gridlab = new GridLabEmulation();
        new picocli.CommandLine(gridlab).parseArgs("--night");
        gridlab.options.validate(GridLabEmulation.DEFAULT_SCALE, GridLabEmulation.DEFAULT_REPEAT);
        assertEquals(1, gridlab.options.repeat, "a day or night run with its baseline in minutes");
        GridLabEmulation thrice = new GridLabEmulation();
        new picocli.CommandLine(thrice).parseArgs("--night", "--repeat", "3");
        thrice.options.validate(GridLabEmulation.DEFAULT_SCALE, GridLabEmulation.DEFAULT_REPEAT);
        assertEquals(3, thrice.options.repeat, "the paper's best of 3");
        Table21Emulation table = new Table21Emulation();
        new picocli.CommandLine(table).parseArgs();
        table.options.validate(Table21Emulation.DEFAULT_SCALE);
        assertEquals(1, table.options.repeat);
    }

    private static String printed(List<GridLabEmulation.Cell> cells) {
        StringWriter s = new StringWriter();
        try (PrintWriter w = new PrintWriter(s)) {
            GridLabEmulation.print(w, cells, "nighttime", 10, true);
        }
        return s.toString();
    }

    private static String line(String out, String containing) {
        return out.lines().filter(l -> l.contains(containing)).findFirst().orElseThrow(() -> new AssertionError(
                "no line with '" + containing + "' in:\n" + out));
    }
}
