package satin.cli.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.lang.reflect.Field;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import satin.cli.launch.StartupMessage;

/**
 * The options a local node gets from its launcher already parsed ({@link NodeHandover}): for every option, a node
 * holds exactly what picocli gives a node started with the same arguments on its command line; the launcher's one
 * reused parser gives each node its own options, nothing left over from the node before; the start-up message
 * after the hand-over stays unread; bad input is an error that names the cause.
 */
class NodeHandoverTest {

    /** Argument lists as MultiNodeRun gives its nodes: every kind of option and value the launcher writes. */
    private static final List<List<String>> NODE_ARGUMENTS = List.of(
            List.of("--registry", "-", "--end-with-input", "--nodes", "4", "--cluster", "cluster1", "--node-name",
                    "node3", "--pool", "satin-1234-5678", "--workers", "1", "--inline-threshold", "2", "--algorithm",
                    "CRS", "--transport", "udp", "--timeout", "60", "--detection-time", "3000", "--pool-secret-file",
                    "/tmp/satin-secret 1/pool.secret", "--encrypt", "wide-area", "--stats", "--stats-json",
                    "/tmp/stats.json", "--register", "a.B,c.D[]", "--ipl-setting", "ipl.udp.fault.loss=0.2",
                    "--ipl-setting", "ipl.x=y", "--port-range", "9000-9100", "--wan", "das2",
                    "--sequential-time", "12.5", "--progress-report", "-cp", "/a/b.jar:/c d/e.jar", "fib", "20",
                    "--not-an-option", "two words", "a:colon", "line\nbreak", "ünïcode"),
            List.of("--registry", "-", "--end-with-input", "--nodes", "2", "--cluster", "cluster0", "--node-name",
                    "node0", "--pool", "p", "--workers", "2", "--transport", "tcp", "--insecure", "--encrypt", "none",
                    "--no-fault-tolerance", "--no-result-reuse", "--crash-after-jobs", "500", "--announce-jobs",
                    "40,80", "--trace", "/tmp/t.json.node0.part", "--trace-clock", "monotonic", "nqueens"),
            List.of("--registry", "-", "--end-with-input", "--nodes", "3", "--cluster", "c", "--node-name", "node3",
                    "--pool", "p", "--join", "--crash-after-millis", "2500", "--crash-while-stolen", "1", "--leave-after-jobs", "7",
                    "--leave-after-millis", "100", "--crash-after-done", "--no-progress", "--cut-after-jobs", "5",
                    "--cut-after-millis", "1500", "--cut-for-millis", "2000", "--cut-option", "cluster1@5j+2", "-cp", "x",
                    "my.Main"));

    @Test
    void aHandedOverNodeHoldsWhatPicocliGivesItForEveryOption() throws Exception {
        NodeHandover.Encoder encoder = new NodeHandover.Encoder(); // one, reused, as the launcher does
        for (List<String> args : NODE_ARGUMENTS) {
            RunCommand parsed = new RunCommand();
            new CommandLine(parsed).parseArgs(args.toArray(String[]::new));
            String text = encoder.encode(args);
            RunCommand handedOver = NodeHandover.read(in(text), new RunCommand());
            List<Field> fields = NodeHandover.optionFields();
            assertTrue(fields.size() > 50, "every option field: " + fields.size());
            for (Field f : fields) {
                assertEquals(f.get(parsed), f.get(handedOver), f.getName() + " of " + args);
            }
        }
    }

    @Test
    void theTestedArgumentsSetEveryOptionAtLeastOnce() throws Exception {
        // so the test above compares set values, not only defaults
        RunCommand defaults = new RunCommand();
        java.util.Set<String> unset = new java.util.TreeSet<>();
        for (Field f : NodeHandover.optionFields()) {
            unset.add(f.getName());
        }
        for (List<String> args : NODE_ARGUMENTS) {
            RunCommand parsed = new RunCommand();
            new CommandLine(parsed).parseArgs(args.toArray(String[]::new));
            for (Field f : NodeHandover.optionFields()) {
                if (!java.util.Objects.equals(f.get(parsed), f.get(defaults))) {
                    unset.remove(f.getName());
                }
            }
        }
        // what a launcher never gives a local node (its own options, or the local run's defaults)
        unset.removeAll(List.of("clusters", "hosts", "sharedFs", "sshOptions", "advertise", "slurm", "clusterOf",
                "registryPort", "registryHost", "nodeAddress", "nodeJvmOptions", "kill", "leave", "partition",
                "addNodeAfter", "recordTrace", "progress", "workers", "algorithm", "transport", "timeoutSeconds",
                "detectionMillis", "inlineThreshold", "list"));
        assertEquals(java.util.Set.of(), unset, "options no tested argument list sets");
    }

    @Test
    void readsExactlyTheHandOverAndLeavesTheStartUpMessage() throws IOException {
        String text = new NodeHandover.Encoder().encode(List.of("--registry", "-", "--nodes", "2", "--cluster", "c",
                "fib", "10"));
        ByteArrayInputStream in = in(text + StartupMessage.format("127.0.0.1:4000", List.of("a.B")));
        RunCommand cmd = NodeHandover.read(in, new RunCommand());
        assertEquals("-", cmd.registry);
        assertEquals(List.of("10"), cmd.args);
        StartupMessage m = StartupMessage.read(in);
        assertEquals("127.0.0.1:4000", m.registry());
        assertEquals(List.of("a.B"), m.serializationClasses());
    }

    @Test
    void badInputNamesTheCause() {
        assertTrue(assertThrows(IOException.class, () -> NodeHandover.read(in(""), new RunCommand())).getMessage()
                .contains("end of the input"));
        assertTrue(assertThrows(IOException.class, () -> NodeHandover.read(in("fib 20\n"), new RunCommand()))
                .getMessage().contains("'fib 20'"));
        assertTrue(assertThrows(IOException.class, () -> NodeHandover.read(in("satin-node-options 2\nstats:1:true\n"),
                new RunCommand())).getMessage().contains("ended after 1 of 2"));
        assertTrue(assertThrows(IOException.class, () -> NodeHandover.read(in("satin-node-options 1\nturbo:1:true\n"),
                new RunCommand())).getMessage().contains("'turbo'"));
        assertTrue(assertThrows(IOException.class, () -> NodeHandover.read(in("satin-node-options 1\nworkers:1:many\n"),
                new RunCommand())).getMessage().contains("workers"));
    }

    private static ByteArrayInputStream in(String text) {
        return new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8));
    }
}
