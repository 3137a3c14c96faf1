package satin.cli.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * Which flags node JVMs get: the serial collector unless a collector is already chosen, and later JIT compilation
 * unless the user scales the thresholds.
 */
class LocalLauncherFlagsTest {
    private static final String SCALING = "-XX:CompileThresholdScaling=" + NodeJvmFlags.COMPILE_THRESHOLD_SCALING;

    @Test
    void serialCollectorByDefaultBeforeTheUsersOptions() {
        assertEquals(List.of("-XX:+UseSerialGC", SCALING, "-Xmx2g", "-Dx=y"),
                NodeJvmFlags.of(List.of("-Xmx2g", "-Dx=y"), null, null));
    }

    @Test
    void aCollectorInTheOptionsOrTheEnvironmentReplacesTheDefault() {
        assertEquals(List.of(SCALING, "-XX:+UseParallelGC"),
                NodeJvmFlags.of(List.of("-XX:+UseParallelGC"), null, null));
        assertEquals(List.of(SCALING), NodeJvmFlags.of(List.of(), "-Xss2m -XX:+UseZGC", null));
        assertEquals(List.of(SCALING), NodeJvmFlags.of(List.of(), null, "-XX:+UseG1GC"));
        assertEquals(List.of("-XX:+UseSerialGC", SCALING, "-XX:+UseGCOverheadLimit"),
                NodeJvmFlags.of(List.of("-XX:+UseGCOverheadLimit"), null, null));
    }

    @Test
    void compileThresholdsOfTheUserOrTheEnvironmentReplaceTheDefault() {
        assertEquals(List.of("-XX:+UseSerialGC", "-XX:CompileThresholdScaling=1"),
                NodeJvmFlags.of(List.of("-XX:CompileThresholdScaling=1"), null, null));
        assertEquals(List.of("-XX:+UseSerialGC"),
                NodeJvmFlags.of(List.of(), "-XX:CompileThresholdScaling=0.5", null));
        assertEquals(List.of("-XX:+UseSerialGC"),
                NodeJvmFlags.of(List.of(), null, "-Xmx1g -XX:CompileThresholdScaling=2"));
    }
}
