package satin.runtime.node.sim;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The real protocol under seeded fault schedules (see the package overview). {@code -Dsim.schedules=N} runs N
 * schedules (2,000 by default; the {@code sim-long} profile runs 100,000), from seed {@code -Dsim.firstSeed} (1);
 * {@code -Dsim.seed=S} replays seed S alone, exactly as it ran.
 */
@ExtendWith(QuietRecovery.class)
class SeededSimulationTest {

    @Test
    void everyScheduleKeepsTheInvariants() {
        Simulation simulation = new Simulation();
        String replay = System.getProperty("sim.seed");
        if (replay != null) {
            Verdict v = simulation.run(Long.parseLong(replay.trim()), Mutation.NONE);
            System.out.println(v);
            assertTrue(v.passed(), v::toString);
            return;
        }
        int count = Integer.getInteger("sim.schedules", 2_000);
        long first = Long.getLong("sim.firstSeed", 1);
        List<String> failed = new ArrayList<>();
        long faults = 0;
        long messages = 0;
        long start = System.nanoTime();
        for (long seed = first; seed < first + count; seed++) {
            Verdict v = simulation.run(seed, Mutation.NONE);
            faults += v.scenario().faults().size();
            messages += v.messages();
            if (!v.passed() && failed.size() < 10) {
                failed.add(v.toString());
            }
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        System.out.printf("seeded simulation: %d schedules (%d faults, %d messages) in %.1f s, %.0f schedules/s%n",
                count, faults, messages, seconds, count / seconds);
        assertTrue(failed.isEmpty(), () -> failed.size() + "+ schedules failed:\n" + String.join("\n", failed));
    }
}
