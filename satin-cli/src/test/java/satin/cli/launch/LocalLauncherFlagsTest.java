package satin.cli.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;

/** Which flags node JVMs get: the serial collector unless a collector is already chosen. */
class LocalLauncherFlagsTest {
    @Test
    void serialCollectorByDefaultBeforeTheUsersOptions() {
        assertEquals(List.of("-XX:+UseSerialGC", "-Xmx2g", "-Dx=y"),
                LocalLauncher.jvmFlags(List.of("-Xmx2g", "-Dx=y"), null, null));
    }

    @Test
    void aCollectorInTheOptionsOrTheEnvironmentReplacesTheDefault() {
        assertEquals(List.of("-XX:+UseParallelGC"), LocalLauncher.jvmFlags(List.of("-XX:+UseParallelGC"), null, null));
        assertEquals(List.of(), LocalLauncher.jvmFlags(List.of(), "-Xss2m -XX:+UseZGC", null));
        assertEquals(List.of(), LocalLauncher.jvmFlags(List.of(), null, "-XX:+UseG1GC"));
        assertEquals(List.of("-XX:+UseSerialGC", "-XX:+UseGCOverheadLimit"),
                LocalLauncher.jvmFlags(List.of("-XX:+UseGCOverheadLimit"), null, null));
    }
}
