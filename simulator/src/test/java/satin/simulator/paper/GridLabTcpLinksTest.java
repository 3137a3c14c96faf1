package satin.simulator.paper;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import satin.balance.BalancePolicies;
import satin.simulator.model.Platform;
import satin.simulator.model.RunResult;
import satin.simulator.model.Simulation;
import satin.simulator.model.SimulationConfig;
import satin.simulator.network.LinkSpec;
import satin.simulator.workload.SyntheticTree;
import satin.simulator.workload.TreeShape;
import satin.wanmodel.TcpThroughput;

/** The GridLab testbed with TCP paths: parameters from the paper's measurements, and runs that repeat exactly. */
class GridLabTcpLinksTest {
    private static final long MS = 1_000_000L;

    @Test
    void everyWideAreaLinkIsATcpPathWithTheLossItsMeasuredThroughputImplies() {
        Platform night = GridLabTestbed.platform(null, GridLabTestbed.Period.NIGHT, true, 1, 1, GridLabTestbed.LinkModel.TCP);
        LinkSpec berlinLecce = night.topology().wide(GridLabTestbedTest.cluster(night, "Berlin"), GridLabTestbedTest.cluster(night, "Lecce"));
        assertTrue(berlinLecce.tcp());
        assertEquals(29_500_000L, berlinLecce.latencyNanos());
        assertEquals(9_000, berlinLecce.bytesPerSecond(), 1e-9);
        assertEquals(0.23, berlinLecce.lossRate(), 0.01, "the paper's 'up to 23% loss', from 9 KB/s at 59 ms");
        assertEquals(9_000, TcpThroughput.padhye(59 * MS, berlinLecce.lossRate(), 200 * MS), 1);
        assertNull(berlinLecce.swing(), "no swings by night");

        Platform day = GridLabTestbed.platform(null, GridLabTestbed.Period.DAY, true, 1, 1, GridLabTestbed.LinkModel.TCP);
        LinkSpec adamLecce = day.topology().wide(GridLabTestbedTest.cluster(day, "A'dam DAS-2"), GridLabTestbedTest.cluster(day, "Lecce"));
        assertEquals(44 * MS, adamLecce.swing().minRttNanos());
        assertEquals(204 * MS, adamLecce.swing().medianRttNanos());
        assertEquals(3_500 * MS, adamLecce.swing().maxRttNanos());
        assertEquals(3_500 * MS, day.topology().wide(GridLabTestbedTest.cluster(day, "Brno"), GridLabTestbedTest.cluster(day, "Lecce"))
                .swing().maxRttNanos(), "every Lecce link swings by day (one congested access link)");
        assertEquals(178 * MS, day.topology().wide(GridLabTestbedTest.cluster(day, "Lecce"), GridLabTestbedTest.cluster(day, "Berlin"))
                .swing().medianRttNanos(), "around its own round trip");
        assertNull(day.topology().wide(GridLabTestbedTest.cluster(day, "Brno"), GridLabTestbedTest.cluster(day, "Berlin")).swing(),
                "links without Lecce are steady");
        assertNull(GridLabTestbed.platform(null, GridLabTestbed.Period.DAY, false, 1, 1, GridLabTestbed.LinkModel.TCP)
                .topology().wide(GridLabTestbedTest.cluster(day, "A'dam DAS-2"), GridLabTestbedTest.cluster(day, "Lecce")).swing());
    }

    @Test
    void theSameSeedGivesTheSameRunAndTheLinksCostTime() {
        TreeShape shape = GridLabExperiment.RAY_TRACER_4096.withTotalNanos(400_000_000_000L).withLeafNanos(200_000_000L);
        Platform tcp = GridLabTestbed.platform(null, GridLabTestbed.Period.DAY, true, 1, 1, GridLabTestbed.LinkModel.TCP);
        RunResult a = run(tcp, shape, 3);
        RunResult b = run(tcp, shape, 3);
        assertEquals(a, b);
        assertNotEquals(a.runSeconds(), run(tcp, shape, 4).runSeconds(), "another seed, other draws");
        Platform plain = GridLabTestbed.platform(null, GridLabTestbed.Period.DAY, false, 1, 1, GridLabTestbed.LinkModel.STEADY);
        assertTrue(a.runSeconds() > run(plain, shape, 3).runSeconds(), "losses, slow start and swings cost RS time");
    }

    @Test
    void aCpuShareCountsAgainstTheMeasuredSpeeds() {
        TreeShape shape = GridLabExperiment.RAY_TRACER_4096.withTotalNanos(200_000_000_000L).withLeafNanos(200_000_000L);
        Platform night = GridLabTestbed.platform(null, GridLabTestbed.Period.NIGHT, true, 1, 1, GridLabTestbed.LinkModel.TCP);
        RunResult r = run(night, shape, 1);
        assertEquals(r, GridLabExperiment.atSpeeds(r, r.totalSpeed()));
        RunResult twice = GridLabExperiment.atSpeeds(r, 2 * r.totalSpeed());
        assertEquals(r.perfectSeconds() / 2, twice.perfectSeconds(), 1e-9);
        assertEquals(r.gridEfficiency() / 2, twice.gridEfficiency(), 1e-12);
        assertEquals(r.runSeconds() - r.commSeconds() - twice.perfectSeconds(), twice.parSeconds(), 1e-9);
        assertEquals(r.commSeconds(), twice.commSeconds());
    }

    private static RunResult run(Platform p, TreeShape shape, long seed) {
        return new Simulation(new SimulationConfig(p, new SyntheticTree(shape, seed), BalancePolicies.RS, seed)).run();
    }
}
