package satin.cli.bench.support;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class TailTest {

    @Test
    void summarisesAnUnsortedSampleWithoutChangingIt() {
        double[] values = {9, 1, 10, 3, 2, 8, 4, 7, 6, 5};
        Tail t = Tail.of(values);
        assertEquals(10, t.count());
        assertEquals(5.5, t.median());
        assertEquals(9, t.p90(), "nearest rank: 9 of the 10 values are at most 9");
        assertEquals(10, t.max());
        assertEquals(6, t.within(6));
        assertEquals(0, t.within(0.5));
        assertEquals(9, values[0], "the caller's array is not sorted in place");
    }

    @Test
    void namesWhatMeetsTheTarget() {
        Tail t = Tail.of(new double[] {1, 2, 3, 4, 100});
        assertEquals("met (max)", t.verdict(100));
        assertEquals("met by the median, not the max", t.verdict(3));
        assertEquals("missed", t.verdict(2.5));
        assertEquals(100, Tail.of(new double[] {100}).p90(), "one value is its own 90th percentile");
    }

    @Test
    void refusesAnEmptySample() {
        assertThrows(IllegalArgumentException.class, () -> Tail.of(new double[0]));
    }
}
