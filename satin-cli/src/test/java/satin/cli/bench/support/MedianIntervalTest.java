package satin.cli.bench.support;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The order statistics and coverage of the median's distribution-free interval, against the binomial by hand. */
class MedianIntervalTest {

    /** 1..n in a scrambled order: the k-th order statistic is k. */
    private static double[] scrambled(int n) {
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
            v[i] = (i * 7L % n) + 1;
        }
        return v;
    }

    @Test
    void sixteenValuesGiveTheFourthAndThirteenth() {
        // P(B <= 3) for B ~ Bin(16, 1/2) = (1 + 16 + 120 + 560) / 65536 = 697/65536 <= 0.025; P(B <= 4) = 2517/65536 > 0.025
        MedianInterval i = MedianInterval.of(scrambled(16), 0.95);
        assertEquals(4, i.low());
        assertEquals(13, i.high());
        assertEquals(1 - 2 * 697.0 / 65536, i.coverage(), 1e-12);
        assertTrue(i.exists(0.95));
    }

    @Test
    void tenValuesGiveTheSecondAndNinth() {
        // P(B = 0) + P(B = 1) = 11/1024 <= 0.025; adding P(B = 2) = 45/1024 passes it
        MedianInterval i = MedianInterval.of(scrambled(10), 0.95);
        assertEquals(2, i.low());
        assertEquals(9, i.high());
        assertEquals(1 - 22.0 / 1024, i.coverage(), 1e-12);
    }

    @Test
    void fiveValuesHaveNoNinetyFivePercentInterval() {
        MedianInterval i = MedianInterval.of(scrambled(5), 0.95);
        assertEquals(1, i.low());
        assertEquals(5, i.high());
        assertEquals(1 - 2.0 / 32, i.coverage(), 1e-12);
        assertFalse(i.exists(0.95), "the whole sample covers the median only with 93.75%");
    }

    @Test
    void theInputIsLeftAlone() {
        double[] v = {3, 1, 2, 6, 5, 4};
        MedianInterval.of(v, 0.95);
        assertEquals(3, v[0]);
        assertEquals(1, v[1]);
    }
}
