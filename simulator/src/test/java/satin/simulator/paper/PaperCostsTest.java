package satin.simulator.paper;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import satin.simulator.model.Platform;

class PaperCostsTest {
    @Test
    void theCostsComeFromThePapersTables() {
        Platform night = GridLabTestbed.platform(null, GridLabTestbed.Period.NIGHT, true, 1, 1, GridLabTestbed.LinkModel.TCP);
        PaperCosts n = PaperCosts.derive(null, GridLabTestbed.Period.NIGHT, night);
        // Table 4.5: parallelization overheads 23.5, 16.6, 21.7, 18.8% in the grid, 1.9% on one cluster
        assertEquals(0.2015, n.meanGridParOverhead(), 1e-9);
        assertEquals(1 / (1 + 0.2015 - 0.019), n.cpuShare(), 1e-9);
        // CRS by night: 35.4 s idle over 1,353,295 / 2 / 40 local attempts
        assertEquals(35.4 / (1_353_295 / 80.0), n.localAttemptSeconds(), 1e-12);
        // RS by night: 198.5 s idle, 3,218 / 80 local and 11,473 / 80 wide-area attempts per node
        double wide = (198.5 - 3_218 / 80.0 * n.localAttemptSeconds()) / (11_473 / 80.0);
        assertEquals(wide, n.wideAttemptSeconds(), 1e-9);
        assertTrue(n.meanWideRoundTripSeconds() > 0.015 && n.meanWideRoundTripSeconds() < 0.066, "within the night's round trips");
        assertEquals(Math.round((wide - n.meanWideRoundTripSeconds()) * 1e9), n.wideAreaSyncAnswerDelayNanos());

        Platform day = GridLabTestbed.platform(null, GridLabTestbed.Period.DAY, true, 1, 1, GridLabTestbed.LinkModel.TCP);
        PaperCosts d = PaperCosts.derive(null, GridLabTestbed.Period.DAY, day);
        assertEquals(n.cpuShare(), d.cpuShare(), 0, "one CPU share for both periods");
        double dayWide = (1414.5 - 56_686 / 80.0 * (40.1 / (2_148_348 / 80.0))) / (149_634 / 80.0);
        assertEquals(dayWide, d.wideAttemptSeconds(), 1e-9);
        assertTrue(d.meanWideRoundTripSeconds() > n.meanWideRoundTripSeconds(), "Lecce's day round trips are longer");
        assertTrue(d.describe().contains("CPU share 0.846"), d.describe());
    }

    @Test
    void aResultsFileWithoutTheSingleClusterRunIsRefused(@TempDir Path dir) throws Exception {
        List<String> lines = Files.readAllLines(Path.of(getClass().getResource("/satin/simulator/paper/gridlab-results.csv").toURI()));
        Files.write(dir.resolve("gridlab-results.csv"), lines.stream().filter(l -> !l.startsWith("single")).toList());
        Platform night = GridLabTestbed.platform(null, GridLabTestbed.Period.NIGHT, true, 1, 1);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> PaperCosts.derive(dir, GridLabTestbed.Period.NIGHT, night));
        assertTrue(e.getMessage().contains("single-cluster"), e.getMessage());
    }
}
