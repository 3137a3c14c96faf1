package satin.rewriter.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Runs a scenario program in a fresh JVM and reads its {@code key=value} lines; the run must exit with 0. */
public final class KeyValueRun {

    private KeyValueRun() {
    }

    public static Map<String, String> run(List<Path> classes, List<String> jvmArgs, String main, String... args)
            throws Exception {
        List<Path> cp = new ArrayList<>(classes);
        cp.addAll(Samples.classPathWithoutSamples());
        JavaProcess.Result result = JavaProcess.run(cp, jvmArgs, main, args);
        assertEquals(0, result.exitCode(), result::toString);
        Map<String, String> lines = new LinkedHashMap<>();
        for (String line : result.out().split("\n")) {
            int eq = line.indexOf('=');
            if (eq > 0) {
                lines.put(line.substring(0, eq), line.substring(eq + 1));
            }
        }
        return lines;
    }
}
