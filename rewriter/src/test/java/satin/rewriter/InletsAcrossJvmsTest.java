package satin.rewriter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import satin.rewriter.batch.ClassTreeRewriter;
import satin.rewriter.samples.inlet.Inlets;
import satin.rewriter.testing.JavaProcess;
import satin.rewriter.testing.Samples;

/**
 * The inlet programs (the forms of {@code Inlets} and the searches of {@code Styles}, written as programs for the
 * original Satin were) on two node JVMs in two clusters, started with plain {@code java} and the documented system
 * properties, one worker each, over tcp: jobs with inlets, cut-offs and exceptions thrown past their parents travel,
 * and the answers are those of one JVM ({@code InletScenariosTest}), which differ from the unrewritten program's
 * only where the README says so.
 */
@Timeout(240)
class InletsAcrossJvmsTest {

    @TempDir
    Path temp;

    @Test
    void twoNodesInTwoClustersGiveTheInletSemanticsAnswers() throws Exception {
        Path rewritten = temp.resolve("rewritten");
        Samples.copy("satin/rewriter/samples/inlet", rewritten);
        assertTrue(new ClassTreeRewriter().rewrite(List.of(rewritten), Samples.classPathWithoutSamples()).errors()
                .isEmpty());
        int port;
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        String pool = "inlets-" + System.nanoTime();
        List<Path> cp = new ArrayList<>(List.of(rewritten));
        cp.addAll(Samples.classPathWithoutSamples());
        ExecutorService starter = Executors.newFixedThreadPool(2);
        try {
            List<Future<JavaProcess.Result>> nodes = new ArrayList<>();
            for (int i = 0; i < 2; i++) {
                List<String> props = new ArrayList<>(List.of("-Dsatin.nodes=2", "-Dsatin.node=n" + i,
                        "-Dsatin.cluster=c" + i, "-Dsatin.registry=127.0.0.1:" + port, "-Dsatin.pool=" + pool,
                        "-Dsatin.workers=1", "-Dsatin.transport=tcp", "-Dsatin.insecure=on", "-Dsatin.timeout=120",
                        "-Dsatin.stats=on"));
                if (i == 0) {
                    props.add("-Dsatin.registry.serve=on");
                }
                nodes.add(starter.submit(() -> JavaProcess.run(cp, props, Inlets.class.getName())));
            }
            Map<String, String> answers = new LinkedHashMap<>();
            StringBuilder all = new StringBuilder();
            for (Future<JavaProcess.Result> node : nodes) {
                JavaProcess.Result r = node.get();
                all.append(r).append('\n');
                assertEquals(0, r.exitCode(), r::toString);
                for (String line : r.out().split("\n")) {
                    int eq = line.indexOf('=');
                    if (eq > 0) {
                        answers.put(line.substring(0, eq), line.substring(eq + 1));
                    }
                }
            }
            assertEquals(InletScenariosTest.EXPECTED, answers, all.toString());
            assertTrue(all.toString().contains("satin statistics (2 nodes"), "both nodes joined the run\n" + all);
        } finally {
            starter.shutdownNow();
        }
    }
}
