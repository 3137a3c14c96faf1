package satin.runtime.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import satin.runtime.testapps.BootstrappedFibMain;

/**
 * A program started with plain {@code java}, as a user's project runs it (issue 29 items 16 and 17): on a class path
 * with no SLF4J provider (a project that depends on satin-runtime only), in a fresh JVM.
 */
@Timeout(120)
class PlainJavaRunTest {

    record Run(int exit, String out, String err) {
    }

    private static Run java(String... jvmOptions) throws Exception {
        String classpath = Stream.of(System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(entry -> !entry.contains("logback"))
                .collect(Collectors.joining(File.pathSeparator));
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-cp", classpath));
        command.addAll(List.of(jvmOptions));
        command.addAll(List.of(BootstrappedFibMain.class.getName(), "12"));
        Process p = new ProcessBuilder(command).start();
        p.getOutputStream().close();
        // stderr is small (a few lines); read stdout first, then stderr
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the program did not end");
        return new Run(p.exitValue(), out, err);
    }

    @Test
    void aProgramWithoutAnSlf4jProviderRunsWithoutSlf4jsWarnings() throws Exception {
        Run r = java("-Dsatin.workers=2");
        assertEquals(0, r.exit(), r.err());
        assertEquals("Fib 12 = 144 on Worker\n", r.out());
        assertFalse(r.err().contains("SLF4J"), r.err());
        assertEquals("", r.err());
    }

    @Test
    void aMistypedSettingIsOneLineNamingTheNearestSetting() throws Exception {
        Run r = java("-Dsatin.workrs=3");
        assertEquals(1, r.exit(), r.err());
        assertEquals("", r.out(), "main did not run");
        List<String> lines = r.err().lines().toList();
        assertEquals(1, lines.size(), r.err());
        assertTrue(lines.get(0).contains("satin.workrs is not a Satin setting; did you mean satin.workers?"),
                r.err());
    }

    @Test
    void aBadValueIsOneLineWithoutAStackTrace() throws Exception {
        Run r = java("-Dsatin.workers=two");
        assertEquals(1, r.exit(), r.err());
        List<String> lines = r.err().lines().toList();
        assertEquals(1, lines.size(), r.err());
        assertTrue(lines.get(0).contains("system property satin.workers"), r.err());
        assertTrue(lines.get(0).contains("'two'"), r.err());
    }

    @Test
    void typosAreNearMissesOnlyAndOtherSatinPropertiesAreLeftAlone() {
        assertEquals(1, SettingNames.distance("satin.workrs", "satin.workers"));
        assertEquals(1, SettingNames.distance("satin.wokrers", "satin.workers"));
        SettingNames.check(java.util.Set.of("satin.log", "satin.jar", "satin.virtual.speed", "satin.test.marker", "satin.workers"),
                LaunchSettings.NAMES.keySet());
    }
}
