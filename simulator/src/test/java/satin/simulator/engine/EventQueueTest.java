package satin.simulator.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class EventQueueTest {
    private static final class Tagged extends Event {
        final int tag;

        Tagged(int tag) {
            this.tag = tag;
        }

        @Override
        public void fire() {
        }
    }

    @Test
    void eventsComeOutByTimeThenBySchedulingOrder() {
        EventQueue queue = new EventQueue();
        SplittableRandom random = new SplittableRandom(3);
        List<long[]> expected = new ArrayList<>();
        for (int i = 0; i < 5_000; i++) {
            long time = random.nextInt(100);
            queue.schedule(new Tagged(i), time);
            expected.add(new long[] {time, i});
        }
        expected.sort((a, b) -> a[0] != b[0] ? Long.compare(a[0], b[0]) : Long.compare(a[1], b[1]));
        for (long[] e : expected) {
            Tagged t = (Tagged) queue.next();
            assertEquals(e[0], t.time());
            assertEquals(e[1], t.tag);
            assertEquals(e[0], queue.now());
        }
        assertNull(queue.next());
    }

    @Test
    void thePastCannotBeScheduled() {
        EventQueue queue = new EventQueue();
        queue.schedule(new Tagged(0), 10);
        queue.next();
        assertThrows(IllegalArgumentException.class, () -> queue.schedule(new Tagged(1), 9));
    }
}
