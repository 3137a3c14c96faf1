package satin.rewriter;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import satin.rewriter.batch.ClassTreeRewriter;
import satin.rewriter.batch.RewriteReport;
import satin.rewriter.testing.JavaProcess;
import satin.rewriter.testing.Samples;

/**
 * The embedding example of the guide (docs/plain-java.md) is the sample in samples/embed, imports included, and
 * starts exactly one runtime: its main class neither spawns nor syncs, so the rewriter leaves it alone and its main
 * starts no runtime of its own (with satin.stats=on, a main that started one would print its statistics).
 */
class EmbeddingExampleTest {

    private static final String DIR = "satin/rewriter/samples/embed/";

    @Test
    void theGuidesEmbeddingExampleStartsOneRuntime(@TempDir Path dir) throws Exception {
        Samples.copy("satin/rewriter/samples/embed", dir);
        Map<String, byte[]> before = Samples.snapshot(dir);
        RewriteReport report = new ClassTreeRewriter().rewrite(List.of(dir), Samples.classPathWithoutSamples());
        assertFalse(report.failed(), report.diagnostics().toString());
        Map<String, byte[]> after = Samples.snapshot(dir);
        String server = DIR + "Server.class";
        assertArrayEquals(before.get(server), after.get(server), "the main class is not rewritten");

        List<Path> cp = new ArrayList<>(List.of(dir));
        cp.addAll(Samples.classPathWithoutSamples());
        JavaProcess.Result run = JavaProcess.run(cp, List.of("-Dsatin.stats=on"),
                "satin.rewriter.samples.embed.Server");
        assertEquals(0, run.exitCode(), run::toString);
        assertEquals("fib(30) = 832040\n", run.out(), run::toString);
        assertFalse(run.err().contains("satin statistics"), run::toString);

        String guide = Files.readString(Path.of("../docs/plain-java.md"));
        for (String file : List.of("FibService.java", "Server.java")) {
            String source = Files.readString(Path.of("src/test/java", DIR, file));
            String shown = source.substring(source.indexOf('\n') + 1).strip(); // without the package line
            assertTrue(javaBlocks(guide).contains(shown), file + " is not shown as it is in docs/plain-java.md:\n"
                    + shown);
        }
    }

    private static List<String> javaBlocks(String markdown) {
        List<String> blocks = new ArrayList<>();
        Matcher m = Pattern.compile("(?s)```java\\n(.*?)```").matcher(markdown);
        while (m.find()) {
            blocks.add(m.group(1).strip());
        }
        return blocks;
    }
}
