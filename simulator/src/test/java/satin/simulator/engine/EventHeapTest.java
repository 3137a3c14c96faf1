package satin.simulator.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The primitive heap pops by (time, scheduling order), interleaved with new events as a simulation does, and gives
 * back each event's word and reference (null for a third of them, which take no reference slot).
 */
class EventHeapTest {

    @Test
    void eventsComeOutByTimeThenBySchedulingOrderWhileNewOnesArrive() {
        EventHeap heap = new EventHeap();
        EventQueue objects = new EventQueue();
        SplittableRandom random = new SplittableRandom(5);
        List<String> refs = new ArrayList<>();
        int scheduled = 0;
        int taken = 0;
        for (int round = 0; round < 20_000; round++) {
            int burst = random.nextInt(4); // grows past the initial capacity, then drains
            for (int k = 0; k < burst; k++) {
                long time = heap.now() + random.nextInt(50);
                String ref = random.nextInt(3) == 0 ? null : "e" + scheduled;
                refs.add(ref);
                heap.schedule(time, scheduled, ref);
                objects.schedule(new Numbered(scheduled), time);
                scheduled++;
            }
            if (random.nextInt(3) > 0 && heap.size() > 0) {
                assertTrue(heap.next());
                Numbered expected = (Numbered) objects.next();
                assertEquals(expected.number, heap.word());
                assertEquals(expected.time(), heap.now());
                assertSame(refs.get(expected.number), heap.ref());
                taken++;
            }
        }
        while (heap.next()) {
            Numbered expected = (Numbered) objects.next();
            assertEquals(expected.number, heap.word());
            assertEquals(expected.time(), heap.now());
            assertSame(refs.get(expected.number), heap.ref());
            taken++;
        }
        assertEquals(scheduled, taken);
        assertEquals(0, objects.size());
        assertFalse(heap.next());
    }

    @Test
    void thePastCannotBeScheduled() {
        EventHeap heap = new EventHeap();
        heap.schedule(10, 0, null);
        heap.next();
        assertThrows(IllegalArgumentException.class, () -> heap.schedule(9, 1, null));
    }

    private static final class Numbered extends Event {
        final int number;

        Numbered(int number) {
            this.number = number;
        }

        @Override
        public void fire() {
        }
    }
}
