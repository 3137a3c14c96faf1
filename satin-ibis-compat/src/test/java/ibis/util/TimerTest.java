package ibis.util;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class TimerTest {

    @Test
    void measurementsAddUpAndAverage() {
        Timer t = Timer.createTimer();
        assertEquals(0, t.nrTimes());
        assertEquals(0.0, t.averageTimeVal());
        t.add(3_000_000L, 2); // 3 ms in two measurements
        assertEquals(2, t.nrTimes());
        assertEquals(3000.0, t.totalTimeVal(), 1e-9);
        assertEquals(1500.0, t.averageTimeVal(), 1e-9);
        t.start();
        t.stop();
        assertEquals(3, t.nrTimes());
        assertTrue(t.lastTimeVal() >= 0 && t.totalTimeVal() >= 3000.0);
        Timer other = Timer.createTimer();
        other.add(1_000_000L, 1);
        t.add(other);
        assertEquals(4, t.nrTimes());
        t.reset();
        assertEquals(0, t.nrTimes());
        assertEquals(0.0, t.totalTimeVal());
    }

    @Test
    void aRunningMeasurementCountsInTheTotalOnly() {
        Timer t = Timer.createTimer();
        t.start();
        assertTrue(t.isStarted());
        assertEquals(0, t.nrTimes());
        double before = t.totalTimeVal();
        assertTrue(before >= 0);
        t.stop();
        assertEquals(1, t.nrTimes());
    }

    @Test
    void startingTwiceOrStoppingUnstartedIsAnError() {
        Timer t = Timer.createTimer();
        assertThrows(IllegalStateException.class, t::stop);
        t.start();
        assertThrows(IllegalStateException.class, t::start);
    }

    @Test
    void formatPicksTheUnitAndKeepsAFixedWidth() {
        assertEquals("  0.000  s", Timer.format(0));
        assertEquals("500.000 ns", Timer.format(0.5));
        assertEquals(" 12.500 us", Timer.format(12.5));
        assertEquals("  1.500 ms", Timer.format(1500));
        assertEquals("  2.000  s", Timer.format(2_000_000));
        assertEquals(Timer.format(12.5).length(), Timer.format(2_000_000).length());
    }

    @Test
    void anUnknownImplementationFallsBackToTheDefault() {
        Timer t = Timer.createTimer("no.such.TimerClass");
        t.start();
        t.stop();
        assertEquals(1, t.nrTimes());
    }
}
