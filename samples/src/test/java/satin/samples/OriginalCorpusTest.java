package satin.samples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import satin.ipl.registry.RegistryServer;
import satin.samples.corpus.phases.Phases;
import satin.samples.testing.Jvms;
import satin.samples.testing.NodeTable;
import satin.samples.testing.TestPool;

/**
 * The original-style corpus ({@code OriginalCorpus}: {@code GameSearch} in the unnamed package,
 * {@code corpus.nbody.NBody}, {@code corpus.sat.SatCount}, {@code corpus.phases.Phases}) against its own unrewritten self: the classes as javac
 * wrote them (target/unrewritten-classes, with satin-api only: every Satin call is the sequential no-op) print the
 * reference output, and the rewritten corpus must print exactly that on one JVM with two workers and on two JVMs in
 * two clusters over tcp and over udp, where every node ran jobs (so package-private classes of the unnamed package,
 * classes without no-argument constructors, an anonymous class with its captured array, and the program's own
 * exception crossed JVMs) and no node kept a job for want of a registered class. On two JVMs, besides, leaves stolen
 * by node 1 say {@code localJob()} is false there, no job leaves the master while it is paused, and the shared
 * object's replicas have the master's name and are not local. One JVM start per configuration runs
 * every program.
 */
@Timeout(300)
class OriginalCorpusTest {

    private static final String MAIN = "OriginalCorpus";
    private static final Path SECRET = TestPool.SECRET;
    private static final Pattern PHASES = Pattern.compile(
            "phases: leaves that ran on another node before the pause: (\\d+) \\(in \\d+ sweeps\\), while paused: "
                    + "(\\d+); shared object SO-");

    private static String reference;

    @TempDir
    static Path dir;

    /** The unrewritten corpus's output, run once for all tests. */
    @BeforeAll
    static void runTheUnrewrittenSelf() throws Exception {
        try (Jvms jvms = new Jvms(dir)) {
            jvms.startWith(unrewrittenClassPath(), "unrewritten", Map.of(), MAIN);
            Jvms.Result r = jvms.await(200).get("unrewritten");
            assertEquals(0, r.exit(), r::toString);
            reference = r.out();
        }
        assertTrue(reference.contains("game [4, 5, 6, 7] depth 6: value ") && reference.contains("nbody 800 bodies")
                && reference.contains("checkpoint restores the same run") && reference.contains(" models\n")
                && reference.contains("the same paused true and after true; leaves whose shared object had another "
                        + "name or sharing state: 0; the inlet class caught by a catch of all exceptions: false, by "
                        + "its caller: Stop 42"), reference);
    }

    /**
     * The test's class path with the rewritten classes replaced by the unrewritten ones and without the runtime:
     * satin-api alone, as the original's programs compiled and ran sequentially.
     */
    private static String unrewrittenClassPath() {
        List<String> entries = new ArrayList<>();
        for (String e : System.getProperty("java.class.path").split(File.pathSeparator)) {
            Path p = Path.of(e);
            if (e.contains("satin-api")) {
                entries.add(e);
            } else if (p.endsWith(Path.of("target", "classes"))
                    && Files.isDirectory(p.resolveSibling("unrewritten-classes"))) {
                entries.add(p.resolveSibling("unrewritten-classes").toString());
            }
        }
        assertEquals(2, entries.size(), "satin-api and the unrewritten samples (the samples pom compiles them): "
                + entries);
        return String.join(File.pathSeparator, entries);
    }

    @Test
    void onOneJvmWithTwoWorkersTheCorpusPrintsWhatItsUnrewrittenSelfPrints() throws Exception {
        try (Jvms jvms = new Jvms(dir)) {
            jvms.start("one", Map.of("satin.workers", "2"), MAIN);
            Jvms.Result r = jvms.await(200).get("one");
            assertEquals(0, r.exit(), r::toString);
            assertEquals(reference, r.out(), r::toString);
            assertTrue(r.err().contains("nbody: force jobs that ran on another node: 0"), r::toString);
            assertTrue(r.err().contains("phases: leaves that ran on another node before the pause: 0 (in "
                    + Phases.ROUNDS + " sweeps), while paused: 0; shared object SO-"), r::toString);
            assertTrue(r.err().contains("local before export true, after false"), r::toString);
        }
    }

    @Test
    void onTwoJvmsInTwoClustersOverTcpAndUdpTheCorpusPrintsWhatItsUnrewrittenSelfPrints() throws Exception {
        try (RegistryServer registry = TestPool.registry().start();
                Jvms jvms = new Jvms(dir)) {
            for (String transport : List.of("tcp", "udp")) {
                String pool = "corpus-" + transport + "-" + System.nanoTime();
                for (int i = 0; i < 2; i++) {
                    Map<String, String> p = new TreeMap<>(Map.of("satin.registry", registry.address(),
                            "satin.nodes", "2", "satin.node", transport + i, "satin.cluster", "c" + i,
                            "satin.workers", "1", "satin.transport", transport, "satin.stats", "full",
                            "satin.timeout", "120", "satin.pool", pool));
                    p.put("satin.pool-secret-file", SECRET.toString());
                    jvms.start(transport + i, p, MAIN);
                }
            }
            Map<String, Jvms.Result> results = jvms.await(240);
            for (String transport : List.of("tcp", "udp")) {
                Jvms.Result a = results.get(transport + "0");
                Jvms.Result b = results.get(transport + "1");
                String all = a + "\n" + b;
                assertEquals(0, a.exit(), all);
                assertEquals(0, b.exit(), all);
                assertEquals(reference, a.out() + b.out(), transport + ": the master prints the reference\n" + all);
                Jvms.Result master = a.err().contains("satin statistics (") ? a : b;
                Map<String, Long> jobs = NodeTable.jobsExecuted(master.err());
                assertEquals(2, jobs.size(), all);
                jobs.forEach((node, count) -> assertTrue(count > 0, transport + ": " + node + " ran no job\n" + all));
                assertFalse(all.contains("not in the serialization list"), all);
                // localJob() is false on the thief (leaves it ran report so), and pause() is pool-wide: while the
                // master is paused no job leaves it, whatever node 1 asks before the pause reaches it
                Matcher phases = PHASES.matcher(master.err());
                assertTrue(phases.find(), all);
                assertTrue(Integer.parseInt(phases.group(1)) > 0, transport + ": no leaf ran on node 1\n" + all);
                assertEquals("0", phases.group(2), transport + ": a job left its node while paused\n" + all);
                assertTrue(master.err().contains("local before export true, after false"), all);
                assertFalse(all.contains("Exception"), transport + ": no exception reported\n" + all);
            }
        }
    }
}
