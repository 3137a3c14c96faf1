package satin.runtime.deque;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class WorkStealingDequeTest {

    @Test
    void ownerTakesNewestAndThiefTakesOldest() {
        WorkStealingDeque<Integer> deque = new WorkStealingDeque<>();
        for (int i = 0; i < 200; i++) { // past the initial capacity: grows twice
            deque.push(i);
        }
        assertEquals(200, deque.size());
        assertEquals(199, deque.pop());
        assertEquals(0, deque.steal());
        assertEquals(1, deque.steal());
        assertEquals(198, deque.pop());
        assertEquals(196, deque.size());
        for (int i = 197; i >= 2; i--) {
            assertEquals(i, deque.pop());
        }
        assertNull(deque.pop());
        assertNull(deque.steal());
        assertTrue(deque.isEmpty());
        assertEquals(0, deque.size());
    }

    @Test
    void popIfRemovesOnlyTheExpectedNewestElement() {
        WorkStealingDeque<String> deque = new WorkStealingDeque<>();
        String a = new String("a");
        String b = new String("b");
        deque.push(a);
        deque.push(b);
        assertFalse(deque.popIf(a), "a is not the newest");
        assertFalse(deque.popIf(new String("b")), "compared by identity");
        assertTrue(deque.popIf(b));
        assertEquals(a, deque.steal());
        assertFalse(deque.popIf(a), "a was stolen; its slot still holds it but it is no longer in the deque");
        deque.clearTaken();
        assertTrue(deque.isEmpty());
        deque.push(b);
        assertTrue(deque.popIf(b), "slots are reused after clearing");
    }

    @Test
    void wrapsAroundTheArrayWithoutGrowing() {
        WorkStealingDeque<Integer> deque = new WorkStealingDeque<>();
        int next = 0;
        int expectedSteal = 0;
        for (int round = 0; round < 1000; round++) {
            for (int i = 0; i < 10; i++) {
                deque.push(next++);
            }
            for (int i = 0; i < 10; i++) {
                assertEquals(expectedSteal++, deque.steal());
            }
        }
        assertNull(deque.steal());
    }

    /** Owner pushes and pops while thieves steal: every element must be taken exactly once. */
    @Test
    @Timeout(60)
    void concurrentOwnerAndThievesTakeEveryElementExactlyOnce() throws Exception {
        int elements = 400_000;
        int thieves = 3;
        WorkStealingDeque<Integer> deque = new WorkStealingDeque<>();
        AtomicIntegerArray taken = new AtomicIntegerArray(elements);
        AtomicBoolean ownerDone = new AtomicBoolean();
        CountDownLatch start = new CountDownLatch(1);
        List<Thread> thiefThreads = new ArrayList<>();
        long[] stolenBy = new long[thieves];
        for (int t = 0; t < thieves; t++) {
            int id = t;
            Thread thief = new Thread(() -> {
                awaitQuietly(start);
                while (!ownerDone.get() || !deque.isEmpty()) {
                    Integer e = deque.steal();
                    if (e != null) {
                        taken.incrementAndGet(e);
                        stolenBy[id]++;
                    } else {
                        Thread.onSpinWait();
                    }
                }
            }, "thief-" + t);
            thief.start();
            thiefThreads.add(thief);
        }
        start.countDown();
        long popped = 0;
        for (int i = 0; i < elements; i++) {
            deque.push(i);
            if (i % 3 == 2) { // take some back, racing thieves for the last one
                for (int k = 0; k < 2; k++) {
                    Integer e = deque.pop();
                    if (e == null) {
                        deque.clearTaken();
                        break;
                    }
                    taken.incrementAndGet(e);
                    popped++;
                }
            }
        }
        for (Integer e; (e = deque.pop()) != null; ) {
            taken.incrementAndGet(e);
            popped++;
        }
        ownerDone.set(true);
        for (Thread thief : thiefThreads) {
            thief.join(TimeUnit.SECONDS.toMillis(30));
            assertFalse(thief.isAlive(), thief.getName() + " did not finish");
        }
        long stolen = 0;
        for (long s : stolenBy) {
            stolen += s;
        }
        for (int i = 0; i < elements; i++) {
            assertEquals(1, taken.get(i), "element " + i);
        }
        assertEquals(elements, popped + stolen);
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
