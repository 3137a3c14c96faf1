package satin.apps.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ArgsTest {

    @Test
    void missingAndDashArgumentsTakeTheDefault() {
        Args args = new Args("x [a] [b]", new String[] {"-"}, 2);
        assertEquals(7, args.intAt(0, "a", 7, 0, 10));
        assertEquals(2.5, args.doubleAt(1, "b", 2.5, 0, 10));
    }

    @Test
    void parsesGivenValues() {
        Args args = new Args("x [a] [b] [c]", new String[] {"3", "-4000000000", "name"}, 3);
        assertEquals(3, args.intAt(0, "a", 7, 0, 10));
        assertEquals(-4_000_000_000L, args.longAt(1, "b", 0, Long.MIN_VALUE, 0));
        assertEquals("name", args.stringAt(2, "other"));
    }

    @Test
    void malformedValueNamesTheArgumentAndTheUsage() {
        Args args = new Args("x [count]", new String[] {"ten"}, 1);
        BadArgumentException e = assertThrows(BadArgumentException.class, () -> args.intAt(0, "count", 1, 0, 9));
        assertTrue(e.getMessage().contains("argument count must be an integer, got 'ten'"), e.getMessage());
        assertTrue(e.getMessage().contains("usage: x [count]"), e.getMessage());
    }

    @Test
    void outOfRangeValueIsRejected() {
        Args args = new Args("x [n]", new String[] {"99"}, 1);
        BadArgumentException e = assertThrows(BadArgumentException.class, () -> args.intAt(0, "n", 1, 0, 92));
        assertTrue(e.getMessage().contains("must be in [0, 92], got 99"), e.getMessage());
    }

    @Test
    void tooManyArgumentsAreRejected() {
        BadArgumentException e = assertThrows(BadArgumentException.class,
                () -> new Args("x [n]", new String[] {"1", "2"}, 1));
        assertTrue(e.getMessage().contains("at most 1 arguments, got 2"), e.getMessage());
    }

    @Test
    void badArgumentsGiveExitStatusTwoAndUsageOnStandardError() throws Exception {
        MainRun run = MainRun.of("x [n]", 1, (args, out) -> args.intAt(0, "n", 0, 0, 5) >= 0, "6");
        assertEquals(2, run.status());
        assertTrue(run.err().contains("usage: x [n]"), run.err());
    }

    @Test
    void failedSelfCheckGivesExitStatusOne() throws Exception {
        assertEquals(1, MainRun.of("x", 0, (args, out) -> AppMain.check(out, false, "never")).status());
        assertEquals(0, MainRun.of("x", 0, (args, out) -> AppMain.check(out, true, "always")).status());
    }

    @Test
    void helpPrintsTheUsage() throws Exception {
        MainRun run = MainRun.of("x [n]", 1, (args, out) -> false, "--help");
        assertEquals(0, run.status());
        assertTrue(run.out().contains("usage: x [n]"));
    }
}
