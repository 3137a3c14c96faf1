package satin.stress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Runs every jcstress test of this module in a jcstress run of its own (a separate JVM, which forks one JVM per
 * test and configuration) at the budget the build passes in (system properties {@code stress.*}, see the pom and
 * README.md), and fails unless jcstress ran each of them and every result passed: an outcome marked forbidden,
 * an outcome no {@code @Outcome} names, or a test that crashed all fail the build.
 */
class JcstressSuiteTest {

    private static final Pattern TEST_NAME = Pattern.compile("^JCTEST(\\d+)S");
    private static final Pattern VERDICT = Pattern.compile("\\[(OK|FAILED|ERROR)\\] satin\\.\\S+$");
    private static final Pattern SUMMARY = Pattern.compile(
            "\\(Results: (\\d+) planned; (\\d+) passed, (\\d+) failed, (\\d+) soft errs, (\\d+) hard errs\\)");

    @Test
    void everyStressTestPassesAtTheBuildsBudget() throws Exception {
        List<String> all = testList();
        assertTrue(all.size() >= 7, "the jcstress annotation processor listed too few tests: " + all);
        String selection = System.getProperty("stress.tests", "");
        Pattern selected = Pattern.compile(selection.isBlank() ? "^satin\\.runtime\\..*Stress$" : selection);
        List<String> tests = all.stream().filter(t -> selected.matcher(t).find()).toList();
        assertTrue(!tests.isEmpty(), "no test matches " + selected + " among " + all);

        Path results = Path.of(System.getProperty("stress.results", "target/jcstress"));
        Files.createDirectories(results);
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"),
                "org.openjdk.jcstress.Main",
                "-t", selected.pattern(),
                "-m", System.getProperty("stress.mode", "quick"),
                "-time", System.getProperty("stress.time", "200"),
                "-iters", System.getProperty("stress.iterations", "1"),
                "-r", results.resolve("report").toString(),
                "-v")); // prints passing tests too, so that each can be checked off
        String jvmArgs = System.getProperty("stress.jvmArgs", "").trim();
        if (!jvmArgs.isEmpty()) {
            // One JVM configuration per test instead of every one jcstress detects: the build's small budget.
            command.addAll(List.of("-jvmArgs", jvmArgs, "-sc", "false"));
        }
        Process jcstress = new ProcessBuilder(command).directory(results.toFile()).redirectErrorStream(true).start();
        Path log = results.resolve("output.txt");
        Output output = new Output(jcstress.getInputStream(), log);
        Thread reader = new Thread(output, "jcstress-output");
        reader.start();
        long limitMinutes = Long.getLong("stress.limitMinutes", 30);
        if (!jcstress.waitFor(limitMinutes, TimeUnit.MINUTES)) {
            jcstress.destroyForcibly();
            fail("jcstress did not end within " + limitMinutes + " min; output in " + log);
        }
        reader.join(TimeUnit.MINUTES.toMillis(1));
        List<String> verdicts = output.verdicts;
        String summary = output.summary;
        assertEquals("Interesting tests: No matches.", output.interesting,
                "an outcome marked interesting was seen; output in " + log);
        assertEquals(0, jcstress.exitValue(), "jcstress reported failures (output in " + log + "): " + verdicts);
        assertTrue(summary != null, "no jcstress summary line in " + log);
        Matcher m = SUMMARY.matcher(summary);
        assertTrue(m.find());
        int planned = Integer.parseInt(m.group(1));
        assertTrue(planned >= tests.size() && planned == Integer.parseInt(m.group(2)), summary + "; output in " + log);
        for (String test : tests) {
            assertTrue(verdicts.contains("[OK] " + test), test + " did not pass: " + verdicts);
        }
        assertTrue(verdicts.stream().noneMatch(v -> v.contains("[FAILED]") || v.contains("[ERROR]")),
                "failed: " + verdicts);
    }

    /** Copies jcstress's output to a file and keeps the verdict lines and the last summary line. */
    private static final class Output implements Runnable {
        private final InputStream in;
        private final Path file;
        final List<String> verdicts = new java.util.concurrent.CopyOnWriteArrayList<>();
        volatile String summary;
        volatile String interesting;

        Output(InputStream in, Path file) {
            this.in = in;
            this.file = file;
        }

        @Override
        public void run() {
            try (BufferedReader out = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
                    PrintWriter copy = new PrintWriter(Files.newBufferedWriter(file))) {
                for (String line; (line = out.readLine()) != null; ) {
                    copy.println(line);
                    Matcher v = VERDICT.matcher(line);
                    if (v.find()) {
                        verdicts.add(v.group());
                        System.out.println(v.group());
                    }
                    if (line.contains("Interesting tests:")) {
                        interesting = line.trim();
                    }
                    Matcher m = SUMMARY.matcher(line);
                    if (m.find()) {
                        summary = m.group();
                    }
                }
            } catch (IOException e) {
                verdicts.add("[ERROR] reading the jcstress output: " + e);
            }
        }
    }

    /** The tests the jcstress annotation processor generated harnesses for. */
    private static List<String> testList() throws IOException {
        List<String> names = new ArrayList<>();
        try (InputStream in = JcstressSuiteTest.class.getResourceAsStream("/META-INF/TestList")) {
            assertTrue(in != null, "no META-INF/TestList: the jcstress annotation processor did not run");
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                Matcher m = TEST_NAME.matcher(line);
                if (m.find()) {
                    names.add(line.substring(m.end(), m.end() + Integer.parseInt(m.group(1))));
                }
            }
        }
        return names;
    }
}
