package satin.cli.simulate;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.style.Styler;
import satin.simulator.model.RunResult;
import satin.simulator.paper.Table21Experiment.Row;
import satin.simulator.paper.Table21Setting;

/** PNG charts of the experiments (XChart, headless). */
final class Charts {
    private Charts() {
    }

    /** Efficiency per application and setting: RS and CRS, simulated and the paper's. */
    static Path table21(List<Row> rows, List<Table21Setting> settings, Path dir) throws IOException {
        CategoryChart chart = new CategoryChartBuilder().width(1600).height(700).title("Table 2.1: efficiency, simulated vs paper")
                .xAxisTitle("application / wide-area setting").yAxisTitle("efficiency (%)").build();
        style(chart, Styler.LegendPosition.OutsideS);
        List<String> categories = new ArrayList<>();
        List<Double> rsSim = new ArrayList<>();
        List<Double> rsPaper = new ArrayList<>();
        List<Double> crsSim = new ArrayList<>();
        List<Double> crsPaper = new ArrayList<>();
        for (Row r : rows) {
            if (!r.policy().equals("RS")) {
                continue;
            }
            categories.add(abbreviate(r.app()) + " " + r.setting().replace(" ms / ", "/").replace(" KB/s", ""));
            rsSim.add(100 * r.efficiency());
            rsPaper.add(orZero(100 * r.paperEfficiency()));
            Row crs = rows.stream().filter(o -> o.policy().equals("CRS") && o.app().equals(r.app()) && o.setting().equals(r.setting()))
                    .findFirst().orElseThrow();
            crsSim.add(100 * crs.efficiency());
            crsPaper.add(orZero(100 * crs.paperEfficiency()));
        }
        chart.addSeries("RS simulated", categories, rsSim);
        chart.addSeries("RS paper", categories, rsPaper);
        chart.addSeries("CRS simulated", categories, crsSim);
        chart.addSeries("CRS paper", categories, crsPaper);
        chart.getStyler().setXAxisLabelRotation(60);
        return save(chart, dir, "table-2.1");
    }

    /** The paper's Fig. 4.2: share of the work done per site against the site's share of the compute power. */
    static Path workPerSite(List<RunResult> runs, String title, Path dir, String file) throws IOException {
        CategoryChart chart = new CategoryChartBuilder().width(1000).height(600).title(title)
                .xAxisTitle("site").yAxisTitle("share of total (%)").build();
        style(chart, Styler.LegendPosition.InsideNE);
        List<String> sites = runs.get(0).sites().stream().map(RunResult.SiteWork::name).toList();
        chart.addSeries("compute power", sites, runs.get(0).sites().stream().map(s -> 100 * s.powerShare()).toList());
        for (RunResult r : runs) {
            chart.addSeries("work done (" + r.policy() + ")", sites, r.sites().stream().map(s -> 100 * s.workShare()).toList());
        }
        return save(chart, dir, file);
    }

    private static void style(CategoryChart chart, Styler.LegendPosition legend) {
        chart.getStyler().setLegendPosition(legend);
        chart.getStyler().setLegendLayout(Styler.LegendLayout.Horizontal);
        chart.getStyler().setAvailableSpaceFill(0.8);
        chart.getStyler().setOverlapped(false);
    }

    private static Path save(CategoryChart chart, Path dir, String name) throws IOException {
        System.setProperty("java.awt.headless", "true");
        Files.createDirectories(dir);
        Path file = dir.resolve(name + ".png");
        BitmapEncoder.saveBitmap(chart, dir.resolve(name).toString(), BitmapEncoder.BitmapFormat.PNG);
        return file;
    }

    private static String abbreviate(String app) {
        return switch (app) {
            case "adaptive integration" -> "AI";
            case "N-queens" -> "NQ";
            case "ray tracer" -> "RT";
            default -> app;
        };
    }

    private static double orZero(double v) {
        return Double.isNaN(v) ? 0 : v;
    }
}
