package satin.simulator.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import satin.balance.BalancePolicies;
import satin.simulator.network.LinkSpec;
import satin.simulator.workload.SimJob;
import satin.simulator.workload.SyntheticTree;
import satin.simulator.workload.TreeShape;

/**
 * Fixed figures of two runs at the shape of {@code satin simulate scale} (400 nodes in 8 clusters, ~100,000 jobs),
 * recorded with the simulator as it was before the event queue and the node state were rewritten for speed
 * (commit b8c8cea). The simulator is deterministic, so any change to these numbers is a change of the model, not
 * noise: a speed-up must leave every one of them as it is. {@code SimulationEquivalenceTest} compares many small
 * configurations with the frozen object-per-event simulator; this test covers a larger system, with hundreds of
 * idle nodes stealing at once (many events at equal times) and the order of all executions.
 */
class SimulationGoldenTest {
    private static final LinkSpec LAN = LinkSpec.of(20_000, 50e6);
    private static final LinkSpec WAN = LinkSpec.fromRoundTrip(20, 1000);
    /** The scale benchmark's tree: binary, mildly irregular, 30 ms leaves, ~100,000 jobs. */
    private static final TreeShape SCALE = new TreeShape("scale", Math.round(100_000 * 30_000_000L * 0.32), 30_000_000L, 2, 2,
            0.5, 0.0, 64, 16, 0, 0);

    @Test
    void crsOn400NodesGivesTheRecordedFigures() {
        check(BalancePolicies.CRS, "CRS 99877 jobs, t_p 2.578676954, msgs 3361351/23068 bytes 215711440/1809408, steals 1677267/7389 9605/4190, "
                + "digest 7879887465494777725");
    }

    @Test
    void rsOn400NodesGivesTheRecordedFigures() {
        check(BalancePolicies.RS, "RS 99877 jobs, t_p 3.428510389, msgs 6132/45152 bytes 437728/3220528, steals 2783/566 20609/4135, "
                + "digest 9073454163499782154");
    }

    private static void check(BalancePolicies policy, String expected) {
        Digest digest = new Digest();
        SimulationConfig config = new SimulationConfig(Platform.split(400, 8, LAN, WAN), new SyntheticTree(SCALE, 5), policy, 5)
                .withListener(digest);
        RunResult r = new Simulation(config).run();
        String actual = r.policy() + " " + r.jobs() + " jobs, t_p " + r.runSeconds() + ", msgs " + r.intraMessages() + "/"
                + r.interMessages() + " bytes " + r.intraBytes() + "/" + r.interBytes() + ", steals " + r.localStealAttempts() + "/"
                + r.localStealSuccesses() + " " + r.wideStealAttempts() + "/" + r.wideStealSuccesses() + ", digest " + digest.value;
        assertEquals(expected, actual);
    }

    /** Folds (job id, node) of every execution, in order, into one number. */
    private static final class Digest implements SimulationListener {
        long value = 17;

        @Override
        public void jobExecuted(SimJob job, int node) {
            value = value * 1_000_003L + job.id * 31 + node;
        }
    }
}
