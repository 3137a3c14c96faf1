package satin.runtime.node;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
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
import org.slf4j.LoggerFactory;
import satin.balance.BalancePolicies;
import satin.ipl.registry.RegistryServer;
import satin.runtime.node.classes.SerializationClasses;
import satin.runtime.node.report.NodeReport;
import satin.runtime.testapps.PayloadMain;
import satin.runtime.node.steal.UnshippableJobs;

/**
 * Two {@link SatinNode}s in this JVM (nothing is global), over tcp through an embedded registry: a class the
 * serialization list cannot know makes its jobs run where they are (named once in a warning), and naming it lets
 * them travel.
 */
@Timeout(120)
class InProcessNodesTest {

    private static final ByteArrayOutputStream OUT = new ByteArrayOutputStream();

    private static List<SatinNode.Outcome> runPair(List<String> register) throws Exception {
        ExecutorService threads = Executors.newFixedThreadPool(2);
        PrintStream original = System.out;
        OUT.reset();
        System.setOut(new PrintStream(OUT, true, StandardCharsets.UTF_8));
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
    void jobsHoldingAClassHiddenBehindObjectRunWhereTheyAreAndTheClassIsNamedOnce() throws Exception {
        Logger logger = (Logger) LoggerFactory.getLogger(UnshippableJobs.class);
        ListAppender<ILoggingEvent> warnings = new ListAppender<>();
        warnings.start();
        logger.addAppender(warnings);
        SatinNode.Outcome master;
        try {
            master = master(runPair(List.of()));
        } finally {
            logger.detachAppender(warnings);
        }
        assertNull(master.mainFailure(), "an unregistered payload must not fail the run");
        assertEquals("payloads seen: 64\n", OUT.toString(StandardCharsets.UTF_8));
        NodeReport other = master.report().nodes().stream().filter(n -> n.jobsExecuted() == 0).findFirst()
                .orElse(null);
        assertNotNull(other, "no job could move, so one node ran none: " + master.report());
        List<String> messages = warnings.list.stream().map(ILoggingEvent::getFormattedMessage).toList();
        assertEquals(1, messages.size(), messages.toString());
        assertTrue(messages.get(0).contains("because class satin.runtime.testapps.PayloadMain.Secret is not in the"
                + " serialization list; such jobs run on the node that spawned them. To let them move, register it:"
                + " satin run --register satin.runtime.testapps.PayloadMain.Secret"), messages.get(0));
    }

    @Test
    void namingTheClassWithRegisterInJavasSpellingLetsItTravel() throws Exception {
        SatinNode.Outcome master = master(runPair(List.of("satin.runtime.testapps.PayloadMain.Secret")));
        assertNull(master.mainFailure());
        assertEquals("payloads seen: 64\n", OUT.toString(StandardCharsets.UTF_8));
        assertEquals(2, master.report().nodes().size());
        assertTrue(master.report().total().interClusterSteals() > 0, master.report().toString());
    }

    @Test
    void theListHasTheRecordsAndTheirFieldTypesSortedAndRepeatable() {
        List<String> first = SerializationClasses.forProgram(PayloadMain.class, null, PayloadMain.class.getClassLoader(),
                List.of("java.util.Stack"));
        List<String> second = SerializationClasses.forProgram(PayloadMain.class, null,
                PayloadMain.class.getClassLoader(), List.of("java.util.Stack"));
        assertEquals(first, second);
        assertTrue(first.contains("satin.runtime.testapps.PayloadMain$TouchRecord"), first.toString());
        assertTrue(first.contains("satin.runtime.testapps.SumTreeMain$Range"), "field types: " + first);
        assertTrue(first.contains("satin.runtime.testapps.SumTreeMain$Partial"), "result types: " + first);
        assertTrue(first.contains("satin.runtime.testapps.RewrittenFib$FibRecord"), "records of the runtime jar: " + first);
        assertTrue(!first.contains("satin.runtime.testapps.PayloadMain$Secret"), "behind Object: not derivable");
        assertTrue(first.containsAll(List.of("satin.runtime.testapps.ShapeRecord$Circle",
                "satin.runtime.testapps.ShapeRecord$Square", "satin.runtime.testapps.ShapeRecord$Label")),
                "implementations behind an interface field, and their fields: " + first);
        assertEquals("java.util.Stack", first.get(first.size() - 1));
    }
}
