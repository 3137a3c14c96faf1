package satin.simulator.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import satin.balance.BalancePolicies;
import satin.balance.ClusterMap;
import satin.simulator.network.LinkSpec;
import satin.simulator.network.Topology;
import satin.simulator.workload.PaperApps;
import satin.simulator.workload.SimJob;
import satin.simulator.workload.SyntheticTree;
import satin.simulator.workload.TreeShape;
import satin.simulator.workload.Workload;

/**
 * The simulator with primitive events ({@link Simulation}) gives exactly the results of the object-per-event
 * version it replaced ({@link ReferenceSimulation}, kept unchanged): on homogeneous and heterogeneous systems,
 * with jitter and loss on the wide-area links, under RS and CRS, for several seeds and workloads. Equal means the
 * whole {@link RunResult} (times, efficiencies, every message and byte count, work per cluster) and the same
 * sequence of (job, node) executions.
 */
class SimulationEquivalenceTest {

    private static final LinkSpec LAN = LinkSpec.of(20_000, 50e6);

    @Test
    void sameResultsAsTheObjectPerEventSimulator() {
        SplittableRandom configs = new SplittableRandom(2026);
        int compared = 0;
        for (long seed = 1; seed <= 6; seed++) {
            for (BalancePolicies policy : BalancePolicies.values()) {
                for (Platform platform : platforms(configs.split())) {
                    for (Workload workload : workloads(seed)) {
                        SimulationConfig config = new SimulationConfig(platform, workload, policy, seed);
                        Trace reference = new Trace();
                        RunResult expected = new ReferenceSimulation(config.withListener(reference)).run();
                        Trace optimised = new Trace();
                        RunResult actual = new Simulation(config.withListener(optimised)).run();
                        String what = policy + ", seed " + seed + ", " + platform.nodeCount() + " nodes, " + workload.name();
                        assertEquals(expected, actual, what);
                        assertEquals(reference.jobs, optimised.jobs, what);
                        assertEquals(reference.digest, optimised.digest, "order of executions, " + what);
                        compared++;
                    }
                }
            }
        }
        assertEquals(6 * 2 * 3 * 2, compared);
    }

    private static List<Platform> platforms(SplittableRandom random) {
        double[] speeds = new double[12];
        for (int i = 0; i < speeds.length; i++) {
            speeds[i] = 0.5 + random.nextDouble() * 2;
        }
        LinkSpec lossy = new LinkSpec(5_000_000, 100e3, 3_000_000, 0.05);
        LinkSpec[][] wide = new LinkSpec[3][3];
        for (int a = 0; a < 3; a++) {
            for (int b = 0; b < 3; b++) {
                wide[a][b] = a == b ? null : (a + b == 3 ? lossy : LinkSpec.fromRoundTrip(20 + 10 * a, 1000));
            }
        }
        Topology uneven = new Topology(new ClusterMap(new int[] {0, 0, 0, 0, 0, 0, 1, 1, 1, 2, 2, 2}),
                List.of("a", "b", "c"), new LinkSpec[] {LAN, LAN, LinkSpec.of(50_000, 10e6)}, wide);
        return List.of(Platform.homogeneous(4, 4, LAN, LinkSpec.fromRoundTrip(20, 1000)),
                Platform.homogeneous(1, 8, LAN, LAN), new Platform(uneven, speeds));
    }

    private static List<Workload> workloads(long seed) {
        TreeShape queens = PaperApps.N_QUEENS.withTotalNanos(100_000_000_000L).withLeafNanos(20_000_000L);
        TreeShape tsp = PaperApps.TSP.withTotalNanos(40_000_000_000L).withLeafNanos(10_000_000L);
        return List.of(new SyntheticTree(queens, seed), new SyntheticTree(tsp, seed + 100));
    }

    /** Counts executions and folds (job id, node) into an order-sensitive digest. */
    private static final class Trace implements SimulationListener {
        long jobs;
        long digest = 17;

        @Override
        public void jobExecuted(SimJob job, int node) {
            jobs++;
            digest = digest * 1_000_003L + job.id * 31 + node;
        }
    }
}
