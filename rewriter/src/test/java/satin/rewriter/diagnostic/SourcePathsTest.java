package satin.rewriter.diagnostic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Build messages name a source path a terminal or an IDE opens, without a doubled level (issue 29 item 20). */
class SourcePathsTest {

    private static final Diagnostic SORT = new Diagnostic(Diagnostic.Severity.ERROR, "demo.MergeSort.Run", "sort",
            "MergeSort.java", 14, "result of spawnable call read before sync()");

    @Test
    void aSourceFileBecomesItsPathUnderTheWorkingDirectory(@TempDir Path project) throws Exception {
        Path roots = project.resolve("src/main/java");
        Files.createDirectories(roots.resolve("demo"));
        Files.writeString(roots.resolve("demo/MergeSort.java"), "class MergeSort {}");
        Diagnostic d = SourcePaths.locate(SORT, List.of(project.resolve("src/other"), roots), project);
        assertEquals("demo.MergeSort.Run.sort (src/main/java/demo/MergeSort.java:14): result of spawnable call read "
                + "before sync()", d.describe());
        assertEquals("ERROR " + d.describe(), d.format());
        Path elsewhere = Files.createDirectories(project.resolve("elsewhere"));
        assertEquals(roots.resolve("demo/MergeSort.java").toAbsolutePath().toString(),
                SourcePaths.locate(SORT, List.of(roots), elsewhere).sourceFile());
    }

    @Test
    void aSourceNoRootHoldsKeepsItsName(@TempDir Path project) {
        assertSame(SORT, SourcePaths.locate(SORT, List.of(project), project));
    }
}
