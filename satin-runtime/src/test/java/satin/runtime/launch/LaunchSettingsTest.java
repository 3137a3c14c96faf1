package satin.runtime.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import satin.balance.BalancePolicies;
import satin.runtime.RuntimeConfig;
import satin.runtime.node.NodeOptions;

/** Settings of a program started with plain java: defaults, both sources, and an error naming every bad value. */
class LaunchSettingsTest {

    private static LaunchSettings read(Map<String, String> properties) {
        return LaunchSettings.read(SettingSource.of(properties));
    }

    private static String error(Map<String, String> properties) {
        return assertThrows(BadSettingException.class, () -> read(properties)).getMessage();
    }

    @Test
    void withNothingSetTheProgramRunsHereOnEveryCore() {
        LaunchSettings s = read(Map.of());
        assertTrue(s.bootstrap());
        assertFalse(s.multiNode());
        assertEquals(Runtime.getRuntime().availableProcessors(), s.workers());
        assertEquals(Runtime.getRuntime().availableProcessors(), s.runtimeConfig().workers());
        assertEquals(StatsDetail.OFF, s.stats());
    }

    @Test
    void aRegistryMakesThisJvmOneNodeOfAPool() {
        LaunchSettings s = read(Map.ofEntries(Map.entry("satin.registry", "reg.example.org:4000"),
                Map.entry("satin.nodes", "3"), Map.entry("satin.cluster", "vu"), Map.entry("satin.node", "n7"),
                Map.entry("satin.algorithm", "rs"), Map.entry("satin.transport", "UDP"), Map.entry("satin.workers", "2"),
                Map.entry("satin.register", "a.b.Shape[], a.b.Outer.Inner"), Map.entry("satin.timeout", "30"),
                Map.entry("satin.registry.serve", "on"), Map.entry("satin.pool-secret-file", "/run/pool.secret"),
                Map.entry("satin.encrypt", "wide-area")));
        assertEquals(Map.of("ipl.security.secret.file", "/run/pool.secret", "ipl.security.encrypt", "wide-area"),
                s.security().iplSettings());
        assertTrue(s.multiNode());
        assertTrue(s.serveRegistry());
        NodeOptions o = s.nodeOptions();
        assertEquals("reg.example.org:4000", o.registry());
        assertEquals(3, o.poolSize());
        assertEquals("n7@vu", o.location());
        assertEquals(BalancePolicies.RS, o.algorithm());
        assertEquals("udp", o.transport());
        assertEquals(2, o.workers());
        assertEquals(List.of("a.b.Shape[]", "a.b.Outer.Inner"), o.register());
        assertEquals(30_000, o.timeoutMillis());
        assertEquals(LaunchSettings.DEFAULT_POOL, o.poolName());
    }

    @Test
    void environmentVariablesStandForPropertiesAndPropertiesWin() {
        SettingSource source = new SettingSource(name -> name.equals("satin.workers") ? "3" : null,
                Map.of("SATIN_WORKERS", "5", "SATIN_INLINE_THRESHOLD", "7", "SATIN_STATS", "yes")::get);
        LaunchSettings s = LaunchSettings.read(source);
        assertEquals(3, s.workers());
        assertEquals(7, s.inlineThreshold());
        assertEquals(StatsDetail.SUMMARY, s.stats());
        assertEquals("SATIN_REGISTRY_SERVE", SettingSource.environmentName("satin.registry.serve"));
        String bad = assertThrows(BadSettingException.class, () -> LaunchSettings.read(
                new SettingSource(name -> null, Map.of("SATIN_WORKERS", "0")::get))).getMessage();
        assertEquals("environment variable SATIN_WORKERS must be a whole number of at least 1, got '0'", bad);
    }

    @Test
    void badValuesAreErrorsThatNameTheSettingAndWhatIsExpected() {
        assertEquals("system property satin.workers must be a whole number of at least 1, got 'many'",
                error(Map.of("satin.workers", "many")));
        assertEquals("system property satin.inline-threshold must be a whole number of at least 0, got '-1'",
                error(Map.of("satin.inline-threshold", "-1")));
        assertEquals("system property satin.stats must be on, full or off, got 'maybe'", error(Map.of("satin.stats",
                "maybe")));
        assertEquals("system property satin.registry must be HOST:PORT with a port from 1 to 65535, got 'host'",
                error(Map.of("satin.registry", "host", "satin.nodes", "2")));
        assertEquals("system property satin.registry must be HOST:PORT with a port from 1 to 65535, got 'h:70000'",
                error(Map.of("satin.registry", "h:70000", "satin.nodes", "2")));
        assertTrue(error(Map.of("satin.registry", "h:4000")).startsWith("satin.registry makes this JVM one node of a"
                + " pool: set satin.nodes"));
        assertTrue(error(Map.of("satin.nodes", "2")).startsWith("system property satin.nodes is 2, which needs"
                + " satin.registry=HOST:PORT"));
        assertTrue(error(Map.of("satin.cluster", "vu")).startsWith("system property satin.cluster is set but"
                + " satin.registry is not"));
        assertEquals("system property satin.algorithm: unknown load-balancing policy 'FIFO' (expected RS or CRS)",
                error(Map.of("satin.registry", "h:1", "satin.nodes", "2", "satin.algorithm", "FIFO")));
        assertEquals("system property satin.transport must be one of tcp, udp, got 'pigeon'",
                error(Map.of("satin.registry", "h:1", "satin.nodes", "2", "satin.transport", "pigeon")));
        assertEquals("system property satin.node must be a name without '@' or ',', got 'a@b'",
                error(Map.of("satin.registry", "h:1", "satin.nodes", "2", "satin.node", "a@b")));
    }

    @Test
    void aPoolWithoutASecretIsRefusedUnlessExplicitlyInsecure() {
        String e = error(Map.of("satin.registry", "h:1", "satin.nodes", "2"));
        assertTrue(e.startsWith("a pool needs its secret: give the file with --pool-secret-file FILE (or "
                + "satin.pool-secret-file, or the environment variable SATIN_POOL_SECRET_FILE)"), e);
        assertTrue(e.contains("satin.insecure=on"), e);
        assertEquals(Map.of("ipl.security.insecure", "true", "ipl.security.encrypt", "all"),
                read(Map.of("satin.registry", "h:1", "satin.nodes", "2", "satin.insecure", "on")).security()
                        .iplSettings());
        assertTrue(error(Map.of("satin.registry", "h:1", "satin.nodes", "2", "satin.insecure", "on",
                "satin.pool-secret-file", "/s")).contains("contradict"));
        assertEquals("system property satin.encrypt must be one of all, wide-area, none, got 'some'",
                error(Map.of("satin.registry", "h:1", "satin.nodes", "2", "satin.insecure", "on", "satin.encrypt",
                        "some")));
    }

    @Test
    void everySettingIsDocumentedInTheTable() {
        assertEquals(List.of("satin.bootstrap", "satin.workers", "satin.inline-threshold", "satin.loop-splitting",
                "satin.nodes", "satin.registry", "satin.registry.serve", "satin.cluster", "satin.node", "satin.pool",
                "satin.algorithm", "satin.transport", "satin.wan", "satin.register", "satin.timeout", "satin.stats",
                "satin.pool-secret-file", "satin.insecure", "satin.encrypt"),
                List.copyOf(LaunchSettings.NAMES.keySet()));
        assertTrue(read(Map.of("satin.bootstrap", "off")).bootstrap() == false);
    }

    @Test
    void loopSplittingIsARuntimeSettingOfOneJvm() {
        assertEquals(RuntimeConfig.DEFAULT_LOOP_SPLITTING, read(Map.of()).runtimeConfig().loopSplitting());
        assertTrue(read(Map.of("satin.loop-splitting", "on")).runtimeConfig().loopSplitting());
        assertFalse(read(Map.of("satin.loop-splitting", "off")).runtimeConfig().loopSplitting());
        assertEquals("system property satin.loop-splitting must be on or off, got 'maybe'",
                error(Map.of("satin.loop-splitting", "maybe")));
        assertTrue(error(Map.of("satin.registry", "h:1", "satin.nodes", "2", "satin.insecure", "on",
                "satin.loop-splitting", "on")).contains("only in a program that runs in one JVM"));
    }
}
