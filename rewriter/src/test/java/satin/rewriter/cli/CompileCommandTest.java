package satin.rewriter.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarFile;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import satin.rewriter.testing.FibProgram;
import satin.rewriter.testing.Jars;
import satin.rewriter.testing.Samples;

class CompileCommandTest {

    private record Outcome(int exitCode, String out, String err) {
    }

    private static Outcome compile(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cl = new CommandLine(new CompileCommand());
        cl.setOut(new PrintWriter(out));
        cl.setErr(new PrintWriter(err));
        int code = cl.execute(args);
        return new Outcome(code, out.toString(), err.toString());
    }

    private static String classPath() {
        return Samples.classPathWithoutSamples().stream().map(Path::toString)
                .collect(Collectors.joining(File.pathSeparator));
    }

    @Test
    void rewritesFibInADirectoryAndItStillPrintsTheRightResult(@TempDir Path dir) throws Exception {
        FibProgram.copyTo(dir);
        Outcome outcome = compile("-cp", classPath(), dir.toString());
        assertEquals(0, outcome.exitCode(), outcome.toString());
        assertTrue(outcome.out().contains("2 classes scanned, 1 rewritten (3 spawn sites, 2 sync calls),"
                + " 1 invocation-record class generated, 0 errors, 0 warnings"), outcome.out());
        assertTrue(Files.exists(dir.resolve("Fib$SatinRecord0.class")));
        FibProgram.runAndCheck(dir, List.of());
    }

    @Test
    void findsTheSatinApiOnItsOwnClassPathWhenNoneIsGiven(@TempDir Path dir) throws Exception {
        FibProgram.copyTo(dir);
        Outcome outcome = compile(dir.toString());
        assertEquals(0, outcome.exitCode(), outcome.toString());
        assertTrue(Files.exists(dir.resolve("Fib$SatinRecord0.class")));
    }

    @Test
    void rewritesAJarIntoAJarReplacingIt(@TempDir Path temp) throws Exception {
        Path classes = temp.resolve("classes");
        FibProgram.copyTo(classes);
        Path jar = Jars.jar(classes, temp.resolve("fib.jar"), null);
        Outcome outcome = compile("--class-path", classPath(), jar.toString());
        assertEquals(0, outcome.exitCode(), outcome.toString());
        try (JarFile rewritten = new JarFile(jar.toFile())) {
            assertTrue(rewritten.getEntry("Fib$SatinRecord0.class") != null);
        }
        try (var files = Files.list(temp)) {
            assertEquals(List.of("classes", "fib.jar"), files.map(p -> p.getFileName().toString()).sorted().toList(),
                    "no temporary file left");
        }
        FibProgram.runAndCheck(jar, List.of());
    }

    @Test
    void errorsGiveExitCodeOneAndNameTheirPlace(@TempDir Path dir) {
        Samples.copy("satin/rewriter/samples/misuse", dir);
        Outcome outcome = compile("-cp", classPath(), dir.toString());
        assertEquals(1, outcome.exitCode());
        assertTrue(outcome.err().contains("ERROR satin.rewriter.samples.misuse.CalcImpl.discarded (CalcImpl.java:"),
                outcome.err());
        assertTrue(outcome.err().contains("no class was written"), outcome.err());
    }

    @Test
    void missingInputIsAClearErrorAndHelpWorks(@TempDir Path dir) {
        Outcome missing = compile(dir.resolve("nope").toString());
        assertEquals(2, missing.exitCode());
        assertTrue(missing.err().contains("nope"), missing.err());
        Outcome help = compile("--help");
        assertEquals(0, help.exitCode());
        assertTrue(help.out().contains("Usage: compile"), help.out());
    }
}
