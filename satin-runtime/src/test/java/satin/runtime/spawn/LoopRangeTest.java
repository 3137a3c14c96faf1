package satin.runtime.spawn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.IntConsumer;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import satin.contract.LoopParts;
import satin.contract.LoopRange;
import satin.contract.Spawns;
import satin.runtime.RuntimeConfig;
import satin.runtime.SatinRuntime;

/**
 * The runtime side of lazy loop splitting ({@link LoopRange}, {@link LoopSplitting}): a thief's demand splits every
 * loop with iterations left, the part is offered, taken by a thief or run by the loop's exit, and the exit
 * waits for it and rethrows what it threw. Loops are driven the way rewritten code drives them, with a hand-written
 * range; demand is raised by hand (as a thief raises it), so where a split happens is fixed.
 */
@Timeout(60)
class LoopRangeTest {

    /** A loop body that squares its index into {@code out} and records the order and thread of its iterations. */
    static final class Squares extends LoopRange {
        final long[] out;
        final List<Integer> order;
        final List<Thread> threads;
        final IntConsumer hook;
        final int throwAt;

        Squares(int n, IntConsumer hook, int throwAt) {
            this.out = new long[n];
            this.order = Collections.synchronizedList(new ArrayList<>());
            this.threads = Collections.synchronizedList(new ArrayList<>());
            this.hook = hook;
            this.throwAt = throwAt;
        }

        @Override
        public void iterate(int i) {
            if (i == throwAt) {
                throw new IllegalStateException("boom " + i);
            }
            out[i] = (long) i * i;
            synchronized (order) { // one step for both lists: the thief and the owner iterate at once
                order.add(i);
                threads.add(Thread.currentThread());
            }
            hook.accept(i);
        }
    }

    /** The shape of a rewritten loop: enter, test with next(i), run the body, exit. */
    static void runLoop(LoopRange r, int from, int end, IntConsumer body) {
        Spawns.loopEnter(r, from, end);
        for (int i = from; r.next(i); i++) {
            body.accept(i);
        }
        Spawns.loopExit(r);
    }

    private static SatinRuntime start(int workers) {
        return SatinRuntime.start(RuntimeConfig.defaults().withName("loops").withWorkers(workers)
                .withInlineThreshold(2).withLoopSplitting(true));
    }

    /** What a thief that found too little does to its victim; then the victim's next poll answers it. */
    private static Worker demandAndPoll() {
        Worker w = (Worker) Thread.currentThread();
        w.hungry = true;
        w.reconsider();
        Spawns.inline();
        return w;
    }

    private static long[] squares(int n) {
        return IntStream.range(0, n).mapToLong(i -> (long) i * i).toArray();
    }

    @Test
    void offLoopsRunInOrderAndNothingIsRegistered() {
        Squares r = new Squares(20, i -> { }, -1);
        runLoop(r, 0, 20, r::iterate);
        assertEquals(IntStream.range(0, 20).boxed().toList(), r.order);
    }

    @Test
    void aDemandSplitsTheLoopAndItsExitRunsThePartNobodyTook() throws Exception {
        SatinRuntime runtime = start(1);
        try {
            List<Object> offered = new ArrayList<>();
            Squares r = runtime.call(() -> {
                Squares s = new Squares(100, i -> {
                    if (i == 10) {
                        offered.add(demandAndPoll().loopOffer);
                    }
                }, -1);
                runLoop(s, 0, 100, s::iterate);
                offered.add(((Worker) Thread.currentThread()).loopOffer);
                return s;
            });
            LoopRange part = assertInstanceOf(Squares.class, offered.get(0), "the demand was answered with a part");
            assertNotSame(r, part);
            assertNull(offered.get(1), "the exit took the part back");
            // the loop kept [0, 55) (half of the 89 left after 10, rounded down), the part [55, 100) ran at the exit
            assertEquals(IntStream.range(0, 100).boxed().toList(), r.order);
            assertEquals(java.util.Arrays.toString(squares(100)), java.util.Arrays.toString(r.out));
        } finally {
            runtime.close();
        }
    }

    @Test
    void aThiefTakesThePartAndTheExitWaitsForIt() throws Exception {
        SatinRuntime runtime = start(2);
        try {
            Squares r = runtime.call(() -> {
                Squares s = new Squares(100, i -> {
                    if (i == 10) {
                        Worker w = demandAndPoll();
                        while (w.loopOffer != null) { // the idle worker takes it: event, not time
                            Thread.onSpinWait();
                        }
                    }
                }, -1);
                runLoop(s, 0, 100, s::iterate);
                return s;
            });
            assertEquals(java.util.Arrays.toString(squares(100)), java.util.Arrays.toString(r.out));
            assertEquals(100, r.order.size());
            Thread owner = r.threads.get(0);
            for (int i = 0; i < 100; i++) {
                int index = r.order.get(i);
                Thread ran = r.threads.get(i);
                assertEquals(index < 55, ran == owner, "index " + index + " ran on " + ran.getName());
            }
        } finally {
            runtime.close();
        }
    }

    @Test
    void theExitRethrowsWhatAPartThrewAfterTheLoopsOwnIterations() throws Exception {
        SatinRuntime runtime = start(1);
        try {
            List<Integer> order = new ArrayList<>();
            String caught = runtime.call(() -> {
                Squares s = new Squares(100, i -> {
                    if (i == 10) {
                        demandAndPoll();
                    }
                }, 70);
                try {
                    runLoop(s, 0, 100, s::iterate);
                    return "nothing thrown";
                } catch (IllegalStateException e) {
                    order.addAll(s.order);
                    return e.getMessage();
                }
            });
            assertEquals("boom 70", caught);
            // the loop's own [0, 55) all ran, the part stopped at its failing index
            assertEquals(IntStream.range(0, 70).boxed().toList(), order);
        } finally {
            runtime.close();
        }
    }

    /** An outer loop whose body runs an inner loop of squares and stores its sum. */
    static final class Nested extends LoopRange {
        final long[] sums = new long[10];
        final List<Object> offered;

        Nested(List<Object> offered) {
            this.offered = offered;
        }

        @Override
        public void iterate(int i) {
            Squares inner = new Squares(10, j -> {
                if (i == 2 && j == 3) {
                    offered.add(demandAndPoll().loopOffer);
                }
            }, -1);
            runLoop(inner, 0, 10, inner::iterate);
            sums[i] = java.util.Arrays.stream(inner.out).sum();
        }
    }

    @Test
    void everyLoopWithIterationsLeftGivesItsHighHalfOldestFirst() throws Exception {
        SatinRuntime runtime = start(1);
        try {
            List<Object> offered = new ArrayList<>();
            Nested outer = runtime.call(() -> {
                Nested n = new Nested(offered);
                runLoop(n, 0, 10, n::iterate);
                return n;
            });
            assertEquals(1, offered.size());
            LoopParts parts = assertInstanceOf(LoopParts.class, offered.get(0), "both loops had iterations left");
            assertEquals(2, parts.size());
            assertInstanceOf(Nested.class, parts.part(0), "the outer loop, at 2 of 10, first");
            assertInstanceOf(Squares.class, parts.part(1), "then the inner one, at 3 of 10");
            for (int i = 0; i < 10; i++) {
                assertEquals(285, outer.sums[i], "outer index " + i);
            }
        } finally {
            runtime.close();
        }
    }
}
