package satin.runtime.node;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import satin.balance.BalancePolicies;
import satin.ipl.registry.RegistryServer;
import satin.runtime.testapps.PayloadMain;

/**
 * Two {@link SatinNode}s in this JVM (nothing is global), over tcp through an embedded registry: the
 * serialization list and its error for a class it cannot know.
 */
@Timeout(120)
class InProcessNodesTest {

    private static List<SatinNode.Outcome> runPair(List<String> register) throws Exception {
        ExecutorService threads = Executors.newFixedThreadPool(2);
        PrintStream original = System.out;
        System.setOut(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        try (RegistryServer server = TestPoolSecurity.server().start()) {
            String pool = "in-process-" + System.nanoTime();
            List<Future<SatinNode.Outcome>> futures = new ArrayList<>();
            for (int i = 0; i < 2; i++) {
                NodeOptions options = new NodeOptions(server.address(), pool, 2, "n" + i, "c" + i, 1, 2,
                        BalancePolicies.CRS, "tcp", "", register, 30_000);
                futures.add(threads.submit(() -> new SatinNode(options, TestPoolSecurity.settings()).run(PayloadMain.class, new String[0], null)));
            }
            List<SatinNode.Outcome> outcomes = new ArrayList<>();
            for (Future<SatinNode.Outcome> f : futures) {
                outcomes.add(f.get(90, TimeUnit.SECONDS));
            }
            return outcomes;
        } finally {
            System.setOut(original);
            threads.shutdownNow();
        }
    }

    private static SatinNode.Outcome master(List<SatinNode.Outcome> outcomes) {
        return outcomes.stream().filter(SatinNode.Outcome::master).findFirst().orElseThrow();
    }

    @Test
    void aClassHiddenBehindObjectIsNamedWhenAJobCannotTravel() throws Exception {
        SatinNode.Outcome master = master(runPair(List.of()));
        Throwable failure = master.mainFailure();
        assertNotNull(failure, "a job with an unregistered payload was stolen, so main must fail");
        assertTrue(failure.getMessage().contains(PayloadMain.Secret.class.getName())
                && failure.getMessage().contains("--register"), failure.toString());
    }

    @Test
    void namingTheClassWithRegisterLetsItTravel() throws Exception {
        SatinNode.Outcome master = master(runPair(List.of(PayloadMain.Secret.class.getName())));
        assertNull(master.mainFailure());
        assertEquals(2, master.report().nodes().size());
        assertTrue(master.report().total().interClusterSteals() > 0, master.report().toString());
    }

    @Test
    void theListHasTheRecordsAndTheirFieldTypesSortedAndRepeatable() {
        List<String> first = SerializationClasses.forProgram(PayloadMain.class, null, PayloadMain.class.getClassLoader(),
                List.of("x.Extra"));
        List<String> second = SerializationClasses.forProgram(PayloadMain.class, null,
                PayloadMain.class.getClassLoader(), List.of("x.Extra"));
        assertEquals(first, second);
        assertTrue(first.contains("satin.runtime.testapps.PayloadMain$TouchRecord"), first.toString());
        assertTrue(first.contains("satin.runtime.testapps.SumTreeMain$Range"), "field types: " + first);
        assertTrue(first.contains("satin.runtime.testapps.SumTreeMain$Partial"), "result types: " + first);
        assertTrue(first.contains("satin.runtime.testapps.RewrittenFib$FibRecord"), "records of the runtime jar: " + first);
        assertTrue(!first.contains("satin.runtime.testapps.PayloadMain$Secret"), "behind Object: not derivable");
        assertTrue(first.containsAll(List.of("satin.runtime.testapps.ShapeRecord$Circle",
                "satin.runtime.testapps.ShapeRecord$Square", "satin.runtime.testapps.ShapeRecord$Label")),
                "implementations behind an interface field, and their fields: " + first);
        assertEquals("x.Extra", first.get(first.size() - 1));
    }
}
