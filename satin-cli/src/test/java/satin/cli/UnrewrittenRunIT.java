package satin.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import satin.cli.PackagedJar.Result;

/**
 * {@code satin run -cp} of plain javac output (the plugin never ran): the program gives its sequential answer and
 * says once that it was not rewritten, however many times it calls {@code sync()} (issue 29 item 3), from the
 * packaged jar as a user runs it.
 */
class UnrewrittenRunIT {

    /** The rewriter's own test program: Fib(10) with two spawns and a sync() per level, its main in the class. */
    private static final Path FIB = Path.of("..", "rewriter", "src", "test", "java", "Fib.java");

    @Test
    void plainJavacOutputSaysOnceThatItWasNotRewritten(@TempDir Path dir) throws Exception {
        Path source = Files.copy(FIB, dir.resolve("Fib.java"));
        Path classes = Files.createDirectories(dir.resolve("classes"));
        String api = Path.of(satin.SatinObject.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                .toString();
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        assertEquals(0, javac.run(null, null, null, "-cp", api, "-d", classes.toString(), source.toString()));

        Result r = PackagedJar.run(List.of("run", "--workers", "2", "-cp", classes.toString(), "Fib"));
        assertEquals(0, r.exit(), r.output());
        assertTrue(r.output().contains("Fib 10 = 55\n"), r.output());
        List<String> notices = r.output().lines().filter(l -> l.contains("was not rewritten")).toList();
        assertEquals(List.of("satin: Fib calls sync() but was not rewritten, so its spawnable calls run one after "
                + "another on one thread: add the rewrite goal of io.satin:satin-maven-plugin to the build, or run "
                + "'satin compile' on its classes"), notices, r.output());
    }

    @Test
    void versionNamesTheCommit() throws Exception {
        Result r = PackagedJar.run(List.of("--version"));
        assertEquals(0, r.exit(), r.output());
        assertTrue(r.output().lines().findFirst().orElseThrow()
                .matches("satin \\d+\\.\\d+\\.\\d+(-SNAPSHOT)?, (commit [0-9a-f]{12}( and uncommitted changes)?"
                        + "|unknown commit)"), r.output());
    }
}
