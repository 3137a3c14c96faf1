package satin.apps.abortprobe;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import satin.runtime.RuntimeConfig;
import satin.runtime.SatinRuntime;

/**
 * The abort races of {@link Races} between the two workers of one JVM: the other worker steals the job the first one
 * aborts (a local steal racing the abort), its result or exception is delivered while the abort comes, and nested
 * aborts cross the workers. Across JVMs: satin-cli {@code MultiNodeModelTest}.
 */
@Timeout(120)
class RacesTest {

    @Test
    void everyRaceKeepsItsGuaranteesOnTwoWorkers() throws Exception {
        try (SatinRuntime runtime = SatinRuntime.start(RuntimeConfig.defaults().withWorkers(2))) {
            String summary = runtime.call(() -> Races.run(23));
            assertTrue(summary.startsWith("23 rounds of each race passed"), summary);
        }
    }
}
