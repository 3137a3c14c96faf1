package satin.simulator.paper;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.BitSet;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import satin.balance.BalancePolicies;
import satin.simulator.model.Platform;
import satin.simulator.model.RunResult;
import satin.simulator.model.SimulationConfig;
import satin.simulator.model.SimulationListener;
import satin.simulator.network.LinkSpec;
import satin.simulator.network.Topology;
import satin.simulator.workload.PaperApps;
import satin.simulator.workload.SimJob;
import satin.simulator.workload.SyntheticTree;
import satin.simulator.workload.TreeShape;

/** What either engine guarantees: the same configuration and figures, whoever decides the steals. */
class EngineTest {
    private static final LinkSpec LAN = LinkSpec.of(20_000, 50e6);
    private static final LinkSpec WAN = LinkSpec.fromRoundTrip(20, 1000);
    private static final TreeShape SMALL = PaperApps.N_QUEENS.withTotalNanos(200_000_000_000L).withLeafNanos(20_000_000L)
            .with("spawnOverheadNanos", "0");

    private static RunResult run(Engine engine, Platform platform, TreeShape shape, BalancePolicies policy, long seed,
            SimulationListener listener) {
        return engine.run(new SimulationConfig(platform, new SyntheticTree(shape, seed), policy, seed)
                .withListener(listener));
    }

    private static RunResult run(Engine engine, TreeShape shape, BalancePolicies policy, long seed,
            SimulationListener listener) {
        return run(engine, Platform.homogeneous(4, 4, LAN, WAN), shape, policy, seed, listener);
    }

    @ParameterizedTest
    @EnumSource(Engine.class)
    void sameSeedGivesTheSameResultAndAnotherSeedDoesNot(Engine engine) {
        for (BalancePolicies policy : BalancePolicies.values()) {
            RunResult a = run(engine, SMALL, policy, 7, SimulationListener.NONE);
            assertEquals(a, run(engine, SMALL, policy, 7, SimulationListener.NONE));
            assertNotEquals(a.runSeconds(), run(engine, SMALL, policy, 8, SimulationListener.NONE).runSeconds());
        }
    }

    @ParameterizedTest
    @EnumSource(Engine.class)
    void everyJobRunsExactlyOnceAndAllWorkIsDone(Engine engine) {
        for (BalancePolicies policy : BalancePolicies.values()) {
            BitSet seen = new BitSet();
            long[] ownWork = {0};
            RunResult r = run(engine, SMALL, policy, 3, new SimulationListener() {
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
            assertTrue(r.localStealSuccesses() > 0 && r.wideStealSuccesses() > 0, "work was spread: " + r);
        }
    }

    @ParameterizedTest
    @EnumSource(Engine.class)
    void oneNodeRunsSequentiallyWithoutMessages(Engine engine) {
        Platform alone = Platform.homogeneous(1, 1, LAN, LAN);
        RunResult r = run(engine, alone, SMALL, BalancePolicies.CRS, 1, SimulationListener.NONE);
        assertEquals(SMALL.totalNanos() / 1e9, r.runSeconds(), 1e-6);
        assertEquals(1.0, r.efficiency(), 1e-9);
        assertEquals(0, r.intraMessages() + r.interMessages());

        TreeShape costly = SMALL.with("spawnOverheadNanos", "1000000");
        RunResult withOverhead = run(engine, alone, costly, BalancePolicies.CRS, 1, SimulationListener.NONE);
        double overhead = (withOverhead.jobs() - 1) * 1e-3; // every job but the root was spawned once
        assertEquals(SMALL.totalNanos() / 1e9 + overhead, withOverhead.runSeconds(), 1e-6);
        assertEquals(overhead, withOverhead.parSeconds(), 1e-6);
        assertEquals(0, withOverhead.commSeconds(), 1e-6);
    }

    @ParameterizedTest
    @EnumSource(Engine.class)
    void crsOnOneClusterSendsNoWideAreaMessagesAndRsDoesOnManyClusters(Engine engine) {
        Platform single = Platform.homogeneous(1, 16, LAN, LAN);
        RunResult crs = run(engine, single, SMALL, BalancePolicies.CRS, 2, SimulationListener.NONE);
        assertEquals(0, crs.wideStealAttempts());
        assertEquals(0, crs.interMessages());
        RunResult rs = run(engine, SMALL, BalancePolicies.RS, 2, SimulationListener.NONE);
        assertTrue(rs.wideStealAttempts() > rs.localStealAttempts(), "RS picks remote victims 12 times out of 15");
    }

    @ParameterizedTest
    @EnumSource(Engine.class)
    void fasterNodesDoMoreWork(Engine engine) {
        double[] speeds = {3, 3, 3, 3, 1, 1, 1, 1};
        Platform platform = new Platform(Topology.uniform(2, 4, LAN, WAN), speeds);
        RunResult r = run(engine, platform, SMALL, BalancePolicies.CRS, 5, SimulationListener.NONE);
        assertEquals(0.75, r.sites().get(0).powerShare(), 1e-9);
        assertTrue(r.sites().get(0).workShare() > 0.65, "fast cluster share " + r.sites().get(0).workShare());
        assertTrue(r.gridEfficiency() > 0.8 && r.gridEfficiency() <= 1.0, "grid efficiency " + r.gridEfficiency());
        assertEquals(r.runSeconds(), r.perfectSeconds() + r.commSeconds() + r.parSeconds(), 1e-9);
    }
}
