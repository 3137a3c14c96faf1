package satin.cli.experiment;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.style.Styler;
import satin.simulator.paper.Table21Setting;

/** PNG charts of the experiments (XChart, headless): emulated, simulated and paper side by side. */
final class ExperimentCharts {
    private ExperimentCharts() {
    }

    /** Efficiency per application and setting, one chart per algorithm. */
    static List<Path> table21(List<Table21Emulation.Cell> cells, List<Table21Setting> settings, int nodes, Path dir)
            throws IOException {
        List<Path> files = new ArrayList<>();
        for (String policy : cells.stream().map(Table21Emulation.Cell::policy).distinct().toList()) {
            CategoryChart chart = chart("Table 2.1, " + policy + ", " + nodes + " node JVMs: efficiency", "application / setting",
                    "efficiency (%)", 1600, 700);
            List<String> categories = new ArrayList<>();
            List<Double> emulated = new ArrayList<>();
            List<Double> simulated = new ArrayList<>();
            List<Double> paper = new ArrayList<>();
            for (Table21Emulation.Cell c : cells) {
                if (!c.policy().equals(policy)) {
                    continue;
                }
                categories.add(abbreviate(c.app()) + " " + c.setting().replace(" ms / ", "/").replace(" KB/s", ""));
                emulated.add(100 * c.emulated().median().efficiency());
                simulated.add(c.simulated() == null ? 0 : 100 * c.simulated().efficiency());
                paper.add(Double.isNaN(c.paperEfficiency()) ? 0 : 100 * c.paperEfficiency());
            }
            chart.addSeries("emulated", categories, emulated);
            chart.addSeries("simulated", categories, simulated);
            chart.addSeries("paper", categories, paper);
            chart.getStyler().setXAxisLabelRotation(60);
            files.add(save(chart, dir, "experiment-table-2.1-" + policy.toLowerCase()));
        }
        return files;
    }

    /** Fig. 4.2: work done per site against the site's share of the compute power, emulated and simulated. */
    static Path workPerSite(List<GridLabEmulation.Cell> cells, String period, Path dir) throws IOException {
        CategoryChart chart = chart("GridLab " + period + ": work per site vs compute power (Fig. 4.2)", "site",
                "share of total (%)", 1200, 650);
        GridLabEmulation.Cell first = cells.stream().filter(c -> c.emulated().best().sites().size() > 1).findFirst()
                .orElseThrow();
        List<String> sites = first.emulated().best().sites().stream().map(EmulatedRun.Site::name).toList();
        chart.addSeries("compute power", sites, first.emulated().best().sites().stream().map(s -> 100 * s.powerShare()).toList());
        for (GridLabEmulation.Cell c : cells) {
            if (c.emulated().best().sites().size() != sites.size()) {
                continue;
            }
            chart.addSeries("work " + c.policy() + " " + emulatedSeries(cells), sites,
                    c.emulated().best().sites().stream().map(s -> 100 * s.workShare()).toList());
            if (c.simulated() != null) {
                chart.addSeries("work " + c.policy() + " simulated", sites,
                        c.simulated().sites().stream().map(s -> 100 * s.workShare()).toList());
            }
        }
        return save(chart, dir, "experiment-gridlab-" + period + "-work-per-site");
    }

    /** Tables 4.5: efficiency and overheads per run, emulated, simulated and paper. */
    static Path gridlabEfficiency(List<GridLabEmulation.Cell> cells, String period, Path dir) throws IOException {
        CategoryChart chart = chart("GridLab " + period + ": efficiency (Table 4.5)", "run", "efficiency (%)", 1000, 600);
        // label and policy: the RS and CRS runs of one period share their label
        List<String> runs = cells.stream().map(c -> c.label() + " " + c.policy()).toList();
        chart.addSeries(emulatedSeries(cells), runs, cells.stream().map(c -> 100 * c.emulated().best().gridEfficiency()).toList());
        chart.addSeries("simulated", runs, cells.stream().map(c -> c.simulated() == null ? 0 : 100 * c.simulated().gridEfficiency()).toList());
        chart.addSeries("paper", runs, cells.stream().map(c -> c.paper() == null ? 0 : c.paper().efficiencyPct()).toList());
        return save(chart, dir, "experiment-gridlab-" + period + "-efficiency");
    }

    /** "emulated", or "emulated (best of R)" when the cells ran R > 1 times: the run gridlab compares with the paper. */
    private static String emulatedSeries(List<GridLabEmulation.Cell> cells) {
        int repeat = cells.isEmpty() ? 1 : cells.get(0).emulated().runs().size();
        return repeat > 1 ? "emulated (best of " + repeat + ")" : "emulated";
    }

    private static CategoryChart chart(String title, String x, String y, int w, int h) {
        CategoryChart chart = new CategoryChartBuilder().width(w).height(h).title(title).xAxisTitle(x).yAxisTitle(y).build();
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideS);
        chart.getStyler().setLegendLayout(Styler.LegendLayout.Horizontal);
        chart.getStyler().setAvailableSpaceFill(0.8);
        chart.getStyler().setOverlapped(false);
        return chart;
    }

    private static Path save(CategoryChart chart, Path dir, String name) throws IOException {
        System.setProperty("java.awt.headless", "true");
        Files.createDirectories(dir);
        BitmapEncoder.saveBitmap(chart, dir.resolve(name).toString(), BitmapEncoder.BitmapFormat.PNG);
        return dir.resolve(name + ".png");
    }

    private static String abbreviate(String app) {
        return switch (app) {
            case "adaptive integration" -> "AI";
            case "N-queens" -> "NQ";
            case "ray tracer" -> "RT";
            default -> app;
        };
    }
}
