package satin.simulator.paper;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import satin.simulator.model.Platform;
import satin.simulator.network.LinkSpec;

class GridLabTestbedTest {
    static int cluster(Platform p, String name) {
        for (int c = 0; c < p.clusterCount(); c++) {
            if (p.topology().clusterName(c).equals(name)) {
                return c;
            }
        }
        throw new AssertionError("no site " + name);
    }

    @Test
    void theTestbedHasTheFortyCpusSpeedsAndMatricesOfThePaper() {
        Platform night = GridLabTestbed.platform(null, GridLabTestbed.Period.NIGHT, true, 1, 1);
        assertEquals(40, night.nodeCount());
        assertEquals(6, night.clusterCount());
        assertEquals(24.668, night.totalSpeed(), 0.01); // the paper's sum of relative speeds
        int brno = cluster(night, "Brno");
        int lecce = cluster(night, "Lecce");
        int berlin = cluster(night, "Berlin");
        assertEquals(16, night.topology().clusters().clusterSize(berlin));
        // Lecce -> Berlin at night: 64 ms round trip, 82 KByte/s (rows are senders)
        LinkSpec l = night.topology().wide(lecce, berlin);
        assertEquals(32_000_000L, l.latencyNanos());
        assertEquals(82_000, l.bytesPerSecond(), 1e-9);
        assertEquals(0, l.lossRate(), 0);
        assertEquals(2_025_000, night.topology().wide(brno, berlin).bytesPerSecond(), 1e-9);
    }

    @Test
    void onlyTheDaytimeAmsterdamLecceLinksMisbehaveAndOnlyWhenAskedTo() {
        Platform day = GridLabTestbed.platform(null, GridLabTestbed.Period.DAY, true, 1, 1);
        int adam = cluster(day, "A'dam DAS-2");
        int lecce = cluster(day, "Lecce");
        int cardiff = cluster(day, "Cardiff");
        assertEquals(0.23, day.topology().wide(adam, lecce).lossRate(), 0);
        assertEquals(0.23, day.topology().wide(lecce, adam).lossRate(), 0);
        assertEquals(0, day.topology().wide(lecce, cardiff).lossRate(), 0);
        Platform calm = GridLabTestbed.platform(null, GridLabTestbed.Period.DAY, false, 1, 1);
        assertEquals(0, calm.topology().wide(adam, lecce).jitterNanos());
        Platform scaled = GridLabTestbed.platform(null, GridLabTestbed.Period.DAY, false, 2, 0.5);
        assertEquals(2 * calm.topology().wide(adam, lecce).latencyNanos(), scaled.topology().wide(adam, lecce).latencyNanos());
        assertEquals(calm.topology().wide(adam, lecce).bytesPerSecond() / 2, scaled.topology().wide(adam, lecce).bytesPerSecond(), 1e-9);
    }

    @Test
    void aMissingOrBrokenDataDirectoryIsNamed(@TempDir Path dir) throws Exception {
        IllegalArgumentException missing = assertThrows(IllegalArgumentException.class,
                () -> GridLabTestbed.platform(dir, GridLabTestbed.Period.DAY, true, 1, 1));
        assertTrue(missing.getMessage().contains("gridlab-sites.csv"), missing.getMessage());
        Files.writeString(dir.resolve("gridlab-sites.csv"), "# comment\nsite,total_cpus\nX,4,5\n");
        IllegalArgumentException broken = assertThrows(IllegalArgumentException.class,
                () -> GridLabTestbed.platform(dir, GridLabTestbed.Period.DAY, true, 1, 1));
        assertTrue(broken.getMessage().contains("3 fields"), broken.getMessage());
    }
}
