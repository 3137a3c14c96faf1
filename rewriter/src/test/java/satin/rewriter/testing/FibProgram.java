package satin.rewriter.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The paper's Fig. 2.1 program (default package: {@code Fib}, {@code FibInter}). */
public final class FibProgram {

    public static final String EXPECTED_OUTPUT = "Fib 10 = 55\n";

    private FibProgram() {
    }

    public static void copyTo(Path dir) {
        Samples.copy("Fib.class", dir);
        Samples.copy("FibInter.class", dir);
    }

    /** Runs {@code Fib} from {@code classes} (dir or jar) in a fresh JVM and checks its output. */
    public static void runAndCheck(Path classes, List<String> jvmArgs) throws Exception {
        List<Path> cp = new ArrayList<>(List.of(classes));
        cp.addAll(Samples.classPathWithoutSamples());
        JavaProcess.Result result = JavaProcess.run(cp, jvmArgs, "Fib");
        assertEquals(0, result.exitCode(), result::toString);
        assertEquals(EXPECTED_OUTPUT, result.out(), result::toString);
    }
}
