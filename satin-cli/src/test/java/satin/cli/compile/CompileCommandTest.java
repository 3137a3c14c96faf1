package satin.cli.compile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code satin compile} on programs compiled here by javac: Fig. 2.1 (rewritten in a directory and in a jar, then
 * run in a fresh JVM) and a misuse of a spawn result (an error naming its place; nothing written).
 */
class CompileCommandTest {

    /** The paper's Fig. 2.1, in the default package. */
    private static final Map<String, String> FIB = Map.of("Fib.java", """
            interface FibInter extends satin.Spawnable { long fib(long n); }
            class Fib extends satin.SatinObject implements FibInter {
                public long fib(long n) {
                    if (n < 2) return n;
                    long x = fib(n - 1);   // spawned
                    long y = fib(n - 2);   // spawned
                    sync();                // x and y are defined from here on
                    return x + y;
                }
                public static void main(String[] args) {
                    Fib f = new Fib();
                    long res = f.fib(10);
                    f.sync();
                    System.out.println("Fib 10 = " + res);
                }
            }
            """);

    private static final Map<String, String> MISUSE = Map.of("misuse/Calc.java", """
            package misuse;
            public interface Calc extends satin.Spawnable { int twice(int v); }
            """, "misuse/CalcImpl.java", """
            package misuse;
            public class CalcImpl extends satin.SatinObject implements Calc {
                public int twice(int v) {
                    return 2 * v;
                }
                int returned() {
                    return twice(1);
                }
            }
            """);

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

    /** Compiles {@code sources} (path relative to a source root, text) into {@code classes} with javac. */
    private static Path javac(Map<String, String> sources, Path classes) throws IOException {
        Path src = Files.createTempDirectory(classes.getParent(), "src");
        List<String> args = new ArrayList<>(List.of("-d", classes.toString(), "-cp",
                System.getProperty("java.class.path"), "-g"));
        for (Map.Entry<String, String> e : sources.entrySet()) {
            Path file = src.resolve(e.getKey());
            Files.createDirectories(file.getParent());
            Files.writeString(file, e.getValue());
            args.add(file.toString());
        }
        Files.createDirectories(classes);
        JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
        assertEquals(0, compiler.run(null, null, null, args.toArray(String[]::new)), "javac " + args);
        return classes;
    }

    private static Path jar(Path dir, Path jar) throws IOException {
        try (OutputStream file = Files.newOutputStream(jar); JarOutputStream out = new JarOutputStream(file);
             Stream<Path> walk = Files.walk(dir)) {
            for (Path f : walk.filter(Files::isRegularFile).sorted().toList()) {
                out.putNextEntry(new JarEntry(dir.relativize(f).toString().replace(File.separatorChar, '/')));
                Files.copy(f, out);
                out.closeEntry();
            }
        }
        return jar;
    }

    /** Runs Fib from {@code classes} (a directory or jar) in a fresh JVM: it must print Fib 10 = 55. */
    private static void runFib(Path classes) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(java, "-cp", classes + File.pathSeparator + System.getProperty("java.class.path"),
                "Fib").redirectErrorStream(true).start();
        p.getOutputStream().close();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "Fib did not end");
        assertEquals(0, p.exitValue(), output);
        assertEquals("Fib 10 = 55\n", output);
    }

    @Test
    void rewritesFibInADirectoryAndItStillPrintsTheRightResult(@TempDir Path temp) throws Exception {
        Path dir = javac(FIB, temp.resolve("classes"));
        Outcome outcome = compile("-cp", System.getProperty("java.class.path"), dir.toString());
        assertEquals(0, outcome.exitCode(), outcome.toString());
        assertTrue(outcome.out().contains("2 classes scanned, 1 rewritten (3 spawn sites, 2 sync calls),"
                + " 1 invocation-record class generated, 0 errors, 0 warnings"), outcome.out());
        assertTrue(Files.exists(dir.resolve("Fib$SatinRecord0.class")));
        runFib(dir);
    }

    @Test
    void findsTheSatinApiOnItsOwnClassPathWhenNoneIsGiven(@TempDir Path temp) throws Exception {
        Path dir = javac(FIB, temp.resolve("classes"));
        Outcome outcome = compile(dir.toString());
        assertEquals(0, outcome.exitCode(), outcome.toString());
        assertTrue(Files.exists(dir.resolve("Fib$SatinRecord0.class")));
    }

    @Test
    void rewritesAJarIntoAJarReplacingIt(@TempDir Path temp) throws Exception {
        Path classes = javac(FIB, temp.resolve("classes"));
        Path jar = jar(classes, temp.resolve("fib.jar"));
        Outcome outcome = compile("--class-path", System.getProperty("java.class.path"), jar.toString());
        assertEquals(0, outcome.exitCode(), outcome.toString());
        try (JarFile rewritten = new JarFile(jar.toFile())) {
            assertTrue(rewritten.getEntry("Fib$SatinRecord0.class") != null);
        }
        try (Stream<Path> files = Files.list(temp)) {
            assertEquals(List.of("classes", "fib.jar"), files.map(p -> p.getFileName().toString())
                    .filter(name -> !name.startsWith("src")).sorted().toList(), "no temporary file left");
        }
        runFib(jar);
    }

    @Test
    void errorsGiveExitCodeOneAndNameTheirPlace(@TempDir Path temp) throws Exception {
        Path dir = javac(MISUSE, temp.resolve("classes"));
        Outcome outcome = compile("-cp", System.getProperty("java.class.path"), dir.toString());
        assertEquals(1, outcome.exitCode());
        assertTrue(outcome.err().contains("ERROR misuse.CalcImpl.returned (CalcImpl.java:7): 'return' of spawnable"
                + " call CalcImpl.twice"), outcome.err());
        assertTrue(outcome.err().contains("no class was written"), outcome.err());
        assertTrue(Files.notExists(dir.resolve("misuse/CalcImpl$SatinRecord0.class")), "nothing written");
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
