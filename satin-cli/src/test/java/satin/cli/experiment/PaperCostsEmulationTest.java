package satin.cli.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import satin.balance.BalancePolicies;
import satin.simulator.model.Platform;
import satin.simulator.paper.GridLabTestbed;
import satin.simulator.paper.PaperCosts;

/**
 * The paper's GridLab costs in the emulation ({@code --paper-costs}): the CPU share reaches every grid node's
 * virtual-work speed and no baseline node's, the answer delay reaches the nodes divided by the time scale, and a tiny
 * run on the 40-node testbed pays them end to end.
 */
@Timeout(300)
class PaperCostsEmulationTest {
    @TempDir
    Path dir;

    private static final Platform NIGHT = GridLabTestbed.platform(null, GridLabTestbed.Period.NIGHT, true, 1, 1);

    @Test
    void theShareGoesToEveryGridNodeAndTheDelayScaledToTheNodes() {
        PaperCosts paper = PaperCosts.derive(null, GridLabTestbed.Period.NIGHT, NIGHT);
        EmulatedRun.Config config = new EmulatedRun.Config(NIGHT, "raytracer", 1, BalancePolicies.RS, 1, 25,
                EmulatedRun.Costs.of(paper));
        List<Integer> all = new ArrayList<>();
        for (int i = 0; i < NIGHT.nodeCount(); i++) {
            all.add(i);
        }
        List<String> args = hostArgs(config, all);
        assertEquals(Long.toString(Math.round(paper.wideAreaSyncAnswerDelayNanos() / 25.0)),
                args.get(args.indexOf("--wide-sync-answer-delay-ns") + 1), "the paper's delay divided by the time scale");
        assertTrue(paper.wideAreaSyncAnswerDelayNanos() > 1_000_000_000L, "by night the delay is over a second: " + paper);
        List<Double> speeds = speeds(args);
        assertEquals(NIGHT.nodeCount(), speeds.size());
        for (int i = 0; i < speeds.size(); i++) {
            assertEquals(NIGHT.speed(i) * paper.cpuShare(), speeds.get(i), 1e-12, "node " + i);
        }
        List<String> plain = hostArgs(new EmulatedRun.Config(NIGHT, "raytracer", 1, BalancePolicies.RS, 1, 25), all);
        assertFalse(plain.contains("--wide-sync-answer-delay-ns"), "no costs: no delay");
        List<Double> measured = speeds(plain);
        for (int i = 0; i < measured.size(); i++) {
            assertEquals(NIGHT.speed(i), measured.get(i), 0, "node " + i);
        }
    }

    @Test
    void theGridRunsPayTheCostsAndTheBaselineDoesNot() {
        EmulatedRun.Costs costs = new EmulatedRun.Costs(0.846, 1_350_000_000L);
        List<GridLabEmulation.Step> plan = GridLabEmulation.plan("nighttime", NIGHT, List.of("RS", "CRS"), true, costs);
        assertEquals(3, plan.size());
        assertEquals(costs, plan.get(0).costs());
        assertEquals(costs, plan.get(1).costs());
        assertEquals(GridLabEmulation.BASELINE, plan.get(2).label());
        assertEquals(EmulatedRun.Costs.NONE, plan.get(2).costs(), "the single-cluster baseline pays no grid cost");
    }

    @Test
    void gridlabPaysThePaperCostsUnlessToldNotTo() {
        assertTrue(parsed("--night").paperCosts, "on by default: the experiment reproduces the paper's runs");
        assertTrue(parsed("--night", "--paper-costs").paperCosts);
        assertFalse(parsed("--night", "--no-paper-costs").paperCosts, "--no-paper-costs: the network model alone");
        assertEquals(10, GridLabEmulation.DEFAULT_SCALE, 0, "gridlab's own default time scale");
        assertEquals(10, parsed("--day").options.scale(GridLabEmulation.DEFAULT_SCALE), 0);
        assertEquals(25, parsed("--day", "--time-scale", "25").options.scale(GridLabEmulation.DEFAULT_SCALE), 0);
    }

    private static GridLabEmulation parsed(String... args) {
        GridLabEmulation command = new GridLabEmulation();
        new picocli.CommandLine(command).parseArgs(args);
        return command;
    }

    @Test
    void badCostsAreRefusedNamingTheCause() {
        ExperimentCommandTest.Outcome o = ExperimentCommandTest.run("run", "--paper-costs", "--quiet");
        assertEquals(2, o.exit(), o.describe());
        assertTrue(o.err().contains("--paper-costs needs --topology gridlab-day or gridlab-night"), o.describe());
    }

    /**
     * 40 nodes (the testbed's, in one host JVM) run a tree of 40 leaves of 2 paper seconds under RS by night with the
     * paper's costs: the command says what the costs are, and the emulated run executes exactly the simulator's jobs.
     */
    @Test
    void aTinyGridLabRunPaysThePaperCostsEndToEnd() throws Exception {
        Path json = dir.resolve("costs.json");
        ExperimentCommandTest.Outcome o = ExperimentCommandTest.run("run", "--topology", "gridlab-night", "--paper-costs",
                "--policies", "RS", "--tree", "ai,totalNanos=80000000000,leafNanos=2000000000,irregularity=0",
                "--time-scale", "100", "--json", json.toString(), "--quiet");
        assertEquals(0, o.exit(), o.describe());
        assertTrue(o.out().contains("paper costs: CPU share 0.846"), o.describe());
        JsonNode cell = new ObjectMapper().readTree(json.toFile()).get("cells").get(0);
        assertEquals(cell.get("simulated").get("jobs").asLong(), cell.get("emulated").get("median").get("jobs").asLong(),
                cell.toPrettyString());
    }

    private static List<String> hostArgs(EmulatedRun.Config config, List<Integer> nodes) {
        EmulatedRun.Settings settings = new EmulatedRun.Settings("tcp", 60, List.of(), null, false, 1, true);
        return EmulatedRun.hostArgs(config, settings, nodes, 0, "pool", Path.of("topology.wan"), Path.of("stats.json"),
                Path.of("."), Path.of("secret"));
    }

    /** The speeds of the {@code --node NAME@CLUSTER=SPEED} arguments, in order. */
    private static List<Double> speeds(List<String> args) {
        List<Double> speeds = new ArrayList<>();
        for (int i = 0; i + 1 < args.size(); i++) {
            if (args.get(i).equals("--node")) {
                String spec = args.get(i + 1);
                speeds.add(Double.parseDouble(spec.substring(spec.lastIndexOf('=') + 1)));
            }
        }
        return speeds;
    }
}
