package satin.cli.chaos;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import satin.cli.fixture.Commands;

/**
 * The registry's process killed mid-run with a real signal: a pool formed by hand (a {@code satin server} and four
 * {@code satin run --registry} nodes in two clusters, one worker each) goes on over the links between its nodes and
 * ends with the right answer, every node with status 0 ({@code satin.runtime.node.RegistryOutage}). The kill is driven
 * by the run's progress (a node's line that it has run K jobs), not by a clock. Deaths while the registry is gone are
 * seen through the links: a node killed after the registry, the master too, is recovered. A registry started again at
 * the same address takes the members back. {@code satin-cli/scripts/registry-kills.sh} repeats the first case. In the
 * chaos profile (four runs of about 20 s): {@code mvn test -Pchaos -Dtest=RegistryDeathTest}.
 */
@Timeout(300)
@EnabledIfSystemProperty(named = "chaos.runs", matches = "\\d+")
class RegistryDeathTest {
    private static final int NODES = 4;
    private static final String ANSWER = "solutions of 16-queens = 14772512";
    private static final Pattern LISTENING = Pattern.compile("listening on [^ ]*:(\\d+),");

    @Test
    void theRunEndsRightWhenTheRegistryIsKilled() throws Exception {
        run(Then.NOTHING);
    }

    @Test
    void aNodeKilledWhileTheRegistryIsGoneIsRecoveredOverTheLinks() throws Exception {
        run(Then.KILL_A_NODE);
    }

    @Test
    void theMasterKilledWhileTheRegistryIsGoneIsSucceeded() throws Exception {
        run(Then.KILL_THE_MASTER);
    }

    @Test
    void aRegistryStartedAgainTakesTheMembersBack() throws Exception {
        run(Then.RESTART_THE_REGISTRY);
    }

    /** What happens after the registry was killed. */
    private enum Then { NOTHING, KILL_A_NODE, KILL_THE_MASTER, RESTART_THE_REGISTRY }

    private static void run(Then then) throws Exception {
        String pool = "registry-death-" + System.nanoTime();
        List<Watched> nodes = new ArrayList<>();
        Watched registry = server("0");
        Watched again = null;
        try {
            String port = port(registry);
            for (int i = 0; i < NODES; i++) {
                nodes.add(Watched.start(new ProcessBuilder(Commands.satin("run", "--registry", "127.0.0.1:" + port,
                        "--pool", pool, "--insecure", "--nodes", Integer.toString(NODES), "--cluster", "c" + i % 2,
                        "--node-name", "n" + i, "--workers", "1", "--stats", "--announce-jobs", "20",
                        "nqueens", "16"))));
            }
            // the event: some node has run 20 jobs (main runs, every node steals)
            assertTrue(anyErr(nodes, l -> l.contains(" has run 20 jobs")), describe(registry, nodes));
            Commands.run("kill", "-KILL", Long.toString(registry.pid()));
            assertEquals(Integer.valueOf(137), registry.awaitExit(30_000), describe(registry, nodes));
            // the event: every node noticed
            for (Watched n : nodes) {
                assertTrue(n.awaitErr(l -> l.contains("lost the registry"), 60_000), describe(registry, nodes));
            }
            int victim = -1;
            switch (then) {
                case KILL_A_NODE -> victim = 3;
                case KILL_THE_MASTER -> victim = 0; // n0@c0 sorts first: it runs main
                case RESTART_THE_REGISTRY -> again = server(port);
                case NOTHING -> {
                }
            }
            if (victim >= 0) {
                Commands.run("kill", "-KILL", Long.toString(nodes.get(victim).pid()));
            }
            StringBuilder out = new StringBuilder();
            for (int i = 0; i < NODES; i++) {
                Integer status = nodes.get(i).awaitExit(240_000);
                assertEquals(i == victim ? 137 : 0, status, "n" + i + ": " + describe(registry, nodes));
                out.append(nodes.get(i).out()).append('\n');
            }
            assertTrue(out.toString().contains(ANSWER) && out.toString().contains("self-check passed"),
                    describe(registry, nodes));
            if (then == Then.RESTART_THE_REGISTRY) {
                for (Watched n : nodes) {
                    assertTrue(n.err().contains("the registry is back"), describe(again, nodes));
                }
            }
        } finally {
            registry.close();
            if (again != null) {
                again.close();
            }
            nodes.forEach(Watched::close);
        }
    }

    /** A {@code satin server} on {@code port} (0: any free one), admitting anyone. */
    private static Watched server(String port) throws Exception {
        return Watched.start(new ProcessBuilder(Commands.satin("server", "--insecure", "--bind", "127.0.0.1",
                "--port", port)));
    }

    /** The port the server says it listens on. */
    private static String port(Watched server) throws Exception {
        assertTrue(server.awaitOut(l -> LISTENING.matcher(l).find(), 60_000), server.err());
        Matcher m = LISTENING.matcher(server.out());
        assertTrue(m.find(), server.out());
        return m.group(1);
    }

    /** Waits until a line of any node's standard error passes {@code test}, or every node ended. */
    private static boolean anyErr(List<Watched> nodes, java.util.function.Predicate<String> test)
            throws InterruptedException {
        long deadline = System.nanoTime() + 240_000_000_000L;
        while (System.nanoTime() < deadline) {
            for (Watched n : nodes) {
                if (n.awaitErr(test, 50)) {
                    return true;
                }
            }
            if (nodes.stream().noneMatch(n -> n.process().isAlive())) {
                return false;
            }
        }
        return false;
    }

    private static String describe(Watched registry, List<Watched> nodes) {
        StringBuilder b = new StringBuilder("registry:\n").append(registry.out()).append('\n').append(registry.err());
        for (int i = 0; i < nodes.size(); i++) {
            b.append("\n--- n").append(i).append(" out:\n").append(nodes.get(i).out()).append("\n--- n").append(i)
                    .append(" err:\n").append(nodes.get(i).err());
        }
        return b.toString();
    }
}
