package satin.simulator.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.BitSet;
import org.junit.jupiter.api.Test;
import satin.balance.BalancePolicies;
import satin.simulator.network.LinkSpec;
import satin.simulator.workload.PaperApps;
import satin.simulator.workload.SimJob;
import satin.simulator.workload.SyntheticTree;
import satin.simulator.workload.TreeShape;

class SimulationTest {
    private static final LinkSpec LAN = LinkSpec.of(20_000, 50e6);
    private static final LinkSpec WAN = LinkSpec.fromRoundTrip(20, 1000);
    private static final TreeShape SMALL = PaperApps.N_QUEENS.withTotalNanos(200_000_000_000L).withLeafNanos(20_000_000L)
            .with("spawnOverheadNanos", "0");

    private static RunResult run(TreeShape shape, BalancePolicies policy, long seed, SimulationListener listener) {
        Platform platform = Platform.homogeneous(4, 4, LAN, WAN);
        return new Simulation(new SimulationConfig(platform, new SyntheticTree(shape, seed), policy, seed).withListener(listener)).run();
    }

    @Test
    void sameSeedGivesTheSameResultAndAnotherSeedDoesNot() {
        for (BalancePolicies policy : BalancePolicies.values()) {
            RunResult a = run(SMALL, policy, 7, SimulationListener.NONE);
            RunResult b = run(SMALL, policy, 7, SimulationListener.NONE);
            assertEquals(a, b);
            assertNotEquals(a.runSeconds(), run(SMALL, policy, 8, SimulationListener.NONE).runSeconds());
        }
    }

    @Test
    void everyJobRunsExactlyOnceAndAllWorkIsDone() {
        for (BalancePolicies policy : BalancePolicies.values()) {
            BitSet seen = new BitSet();
            long[] ownWork = {0};
            RunResult r = run(SMALL, policy, 3, new SimulationListener() {
                @Override
                public void jobExecuted(SimJob job, int node) {
                    assertFalse(seen.get((int) job.id), "job " + job.id + " ran twice");
                    seen.set((int) job.id);
                    ownWork[0] += job.ownNanos;
                }
            });
            assertEquals(r.jobs(), seen.cardinality());
            assertEquals(seen.length(), seen.cardinality(), "job ids 0..n-1 all ran (none lost)");
            assertEquals(SMALL.totalNanos(), ownWork[0], "the jobs' own work adds up to t_s");
            double siteWork = r.sites().stream().mapToDouble(RunResult.SiteWork::workSeconds).sum();
            assertEquals(SMALL.totalNanos() / 1e9, siteWork, 1e-6);
            assertTrue(r.stealSuccesses() > 0, "work was spread");
        }
    }

    @Test
    void oneNodeRunsSequentiallyWithoutMessages() {
        Platform alone = Platform.homogeneous(1, 1, LAN, LAN);
        RunResult r = new Simulation(new SimulationConfig(alone, new SyntheticTree(SMALL, 1), BalancePolicies.CRS, 1)).run();
        assertEquals(SMALL.totalNanos() / 1e9, r.runSeconds(), 1e-6);
        assertEquals(1.0, r.efficiency(), 1e-9);
        assertEquals(0, r.intraMessages() + r.interMessages());

        TreeShape costly = SMALL.with("spawnOverheadNanos", "1000000");
        RunResult withOverhead = new Simulation(new SimulationConfig(alone, new SyntheticTree(costly, 1), BalancePolicies.CRS, 1)).run();
        double overhead = (withOverhead.jobs() - 1) * 1e-3; // every job but the root was spawned once
        assertEquals(SMALL.totalNanos() / 1e9 + overhead, withOverhead.runSeconds(), 1e-6);
        assertEquals(overhead, withOverhead.parSeconds(), 1e-6);
        assertEquals(0, withOverhead.commSeconds(), 1e-6);
    }

    @Test
    void crsOnOneClusterSendsNoWideAreaMessagesAndRsDoesOnManyClusters() {
        Platform single = Platform.homogeneous(1, 16, LAN, LAN);
        RunResult crs = new Simulation(new SimulationConfig(single, new SyntheticTree(SMALL, 2), BalancePolicies.CRS, 2)).run();
        assertEquals(0, crs.wideStealAttempts());
        assertEquals(0, crs.interMessages());
        RunResult rs = run(SMALL, BalancePolicies.RS, 2, SimulationListener.NONE);
        assertTrue(rs.wideStealAttempts() > rs.localStealAttempts(), "RS picks remote victims 12 times out of 15");
    }

    @Test
    void fasterNodesDoMoreWork() {
        double[] speeds = new double[8];
        for (int i = 0; i < 8; i++) {
            speeds[i] = i < 4 ? 3.0 : 1.0;
        }
        Platform platform = new Platform(satin.simulator.network.Topology.uniform(2, 4, LAN, WAN), speeds);
        RunResult r = new Simulation(new SimulationConfig(platform, new SyntheticTree(SMALL, 5), BalancePolicies.CRS, 5)).run();
        assertEquals(0.75, r.sites().get(0).powerShare(), 1e-9);
        assertTrue(r.sites().get(0).workShare() > 0.65, "fast cluster share " + r.sites().get(0).workShare());
        assertTrue(r.gridEfficiency() > 0.8 && r.gridEfficiency() <= 1.0, "grid efficiency " + r.gridEfficiency());
        assertEquals(r.runSeconds(), r.perfectSeconds() + r.commSeconds() + r.parSeconds(), 1e-9);
    }
}
