package satin.rewriter;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import satin.rewriter.batch.ClassTreeRewriter;
import satin.rewriter.batch.RewriteReport;
import satin.rewriter.hierarchy.ClassHierarchy;
import satin.rewriter.hierarchy.ClassSource;
import satin.rewriter.testing.Samples;

class IdempotenceTest {

    @Test
    void rewritingTwiceGivesByteIdenticalOutput(@TempDir Path dir) throws Exception {
        Samples.copy("satin/rewriter/samples/good", dir);
        Samples.copy("satin/rewriter/samples/inlet", dir); // inlets and abort() too
        RewriteReport first = new ClassTreeRewriter().rewrite(List.of(dir), Samples.classPathWithoutSamples());
        assertTrue(first.classesRewritten() > 0);
        Map<String, byte[]> once = Samples.snapshot(dir);

        RewriteReport second = new ClassTreeRewriter().rewrite(List.of(dir), Samples.classPathWithoutSamples());
        assertEquals(0, second.classesRewritten(), second.summary());
        // issue 29 item 20: "0 rewritten" alone looked like nothing happened; the summary says why
        assertTrue(second.alreadyRewritten() >= first.classesRewritten(), second.summary());
        assertTrue(second.summary().contains(", 0 rewritten (") && second.summary().contains("), "
                + second.alreadyRewritten() + " already rewritten by an earlier build, "), second.summary());
        assertTrue(!first.summary().contains("already"), first.summary());
        Map<String, byte[]> twice = Samples.snapshot(dir);
        assertEquals(once.keySet(), twice.keySet());
        once.forEach((name, bytes) -> assertArrayEquals(bytes, twice.get(name), name));
    }

    @Test
    void classesThatNeitherSpawnNorSyncAreLeftByteIdentical(@TempDir Path dir) throws Exception {
        Samples.copy("satin/rewriter/samples/good", dir);
        byte[] ops = Files.readAllBytes(dir.resolve("satin/rewriter/samples/good/OpsImpl.class"));
        try (ClassSource source = ClassSource.ofClassPath(concat(dir, Samples.classPathWithoutSamples()))) {
            ClassRewrite result = new Rewriter(new ClassHierarchy(source)).rewrite(ops);
            assertFalse(result.changed());
            assertSame(ops, result.bytes());
        }
        new ClassTreeRewriter().rewrite(List.of(dir), Samples.classPathWithoutSamples());
        assertArrayEquals(ops, Files.readAllBytes(dir.resolve("satin/rewriter/samples/good/OpsImpl.class")));
    }

    private static List<Path> concat(Path first, List<Path> rest) {
        java.util.ArrayList<Path> all = new java.util.ArrayList<>();
        all.add(first);
        all.addAll(rest);
        return all;
    }
}
