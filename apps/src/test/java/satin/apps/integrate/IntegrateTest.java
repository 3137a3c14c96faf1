package satin.apps.integrate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import satin.apps.common.MainRun;

class IntegrateTest {

    @Test
    void satinVersionEqualsSequentialBitForBitAndTheClosedForm() {
        for (int length : new int[] {1, 7, 30}) {
            double sequential = SequentialIntegrate.compute(length, 8);
            for (int spawnLevels : new int[] {0, 3, 20, 64}) {
                double satin = Integrate.compute(length, 8, spawnLevels);
                assertEquals(Double.doubleToLongBits(sequential), Double.doubleToLongBits(satin),
                        "length " + length + ", spawn levels " + spawnLevels);
            }
            assertEquals(Integrand.exactIntegral(length), sequential, Integrate.tolerance(length, 8));
        }
    }

    @Test
    void integrandIsIrregular() {
        // The narrowest peak is 200 times narrower than the widest: refinement depth varies by cell.
        assertEquals(1.0, Integrand.value(0.5), 0.0);
        assertTrue(Integrand.value(3.45 + 0.01) < 0.01);
        assertTrue(Integrand.value(0.5 + 0.01) > 0.9);
    }

    @Test
    void mainReportsAPassedSelfCheck() throws Exception {
        MainRun run = MainRun.of(Integrate.USAGE, 3, Integrate::run, "20", "7", "64");
        assertEquals(0, run.status(), run.out() + run.err());
        assertTrue(run.out().contains("self-check passed"), run.out());
    }
}
