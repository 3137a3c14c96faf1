package satin.runtime.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import satin.trace.SpawnTrace;
import satin.trace.TraceRecorder;

class JobTimerTest {
    @Test
    void ownTimeExcludesNestedJobsAndWaiting() {
        long[] now = {0};
        TraceRecorder rec = new TraceRecorder();
        JobTimer timer = new JobTimer(rec, () -> now[0]);
        int root = rec.onRoot(0);
        timer.started(root);
        now[0] = 10;                       // root computes 10
        int a = rec.onSpawn(root, 1);
        int b = rec.onSpawn(root, 1);
        timer.started(b);                  // root's sync runs b inline
        now[0] = 40;                       // b computes 30
        timer.ended(4);
        timer.pause();                     // a was stolen: root waits 100
        now[0] = 140;
        timer.resume();
        now[0] = 145;                      // root combines 5
        timer.ended(8);
        rec.onJobEnd(a, 77, 4);            // a ran elsewhere
        SpawnTrace t = rec.snapshot();
        assertEquals(15, t.ownNanos(root));
        assertEquals(30, t.ownNanos(b));
        assertEquals(77, t.ownNanos(a));
        assertEquals(8, t.resultBytes(root));
    }

    @Test
    void misuseIsReported() {
        JobTimer timer = new JobTimer(new TraceRecorder(), System::nanoTime);
        assertThrows(IllegalStateException.class, () -> timer.ended(0));
        assertThrows(IllegalStateException.class, timer::resume);
    }
}
