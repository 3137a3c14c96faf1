package satin.ipl.wan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class WanPresetsTest {
    private static final long MS = 1_000_000L;

    @Test
    void everyPresetLoads() {
        assertEquals(6, WanPresets.names().size());
        for (String name : WanPresets.names()) {
            WanTopology t = WanPresets.load(name);
            assertEquals(name, t.name());
        }
    }

    @Test
    void table21SettingsAreHalfTheRoundTripAndKiloBytesPerSecond() {
        LinkParameters slow = WanPresets.load("table2.1-200ms-100KBs").link("c1", "c2");
        assertEquals(new LinkParameters(100 * MS, 100_000, 0, 0), slow);
        LinkParameters fast = WanPresets.load("table2.1-20ms-1000KBs").link("anything", "else");
        assertEquals(new LinkParameters(10 * MS, 1_000_000, 0, 0), fast);
        assertTrue(WanPresets.load("table2.1-20ms-100KBs").link("c1", "c1").emulatesNothing(), "intra-cluster");
    }

    @Test
    void gridlabDayAndNightComeFromTheirRowsOfTable42() {
        WanTopology day = WanPresets.load("gridlab-day");
        WanTopology night = WanPresets.load("gridlab-night");
        assertEquals(List.of("A-dam-DAS-2", "A-dam-Sun", "Lecce", "Cardiff", "Brno", "Berlin"),
                List.copyOf(day.clusters()));
        assertEquals(30, day.explicitLinks().size(), "6 x 5 directed pairs");
        // day, A'dam DAS-2 -> Lecce: 204 ms round trip, 42 KByte/s
        assertEquals(new LinkParameters(102 * MS, 42_000, 0, 0), day.link("A-dam-DAS-2", "Lecce"));
        // night, same pair: 65 ms, 40 KByte/s
        assertEquals(new LinkParameters(32_500_000, 40_000, 0, 0), night.link("A-dam-DAS-2", "Lecce"));
        // asymmetric: Lecce -> Berlin 7.5 KByte/s by day
        assertEquals(7_500, day.link("Lecce", "Berlin").bytesPerSecond(), 1e-9);
        assertTrue(day.link("Brno", "Brno").emulatesNothing());
    }

    @Test
    void unknownPresetListsTheKnownOnes() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> WanPresets.load("gridlab"));
        assertTrue(e.getMessage().contains("gridlab-day"), e.getMessage());
    }

    @Test
    void gridlabSitesMatchThePresetClusters() {
        List<GridLabSite> sites = WanPresets.gridlabSites();
        assertEquals(List.copyOf(WanPresets.load("gridlab-night").clusters()),
                sites.stream().map(GridLabSite::cluster).toList());
        assertEquals(40, sites.stream().mapToInt(GridLabSite::totalCpus).sum(), "the paper's 40 CPUs");
        assertEquals(new GridLabSite("Brno", "Brno", 4, 2, 1.525), sites.get(4));
    }
}
