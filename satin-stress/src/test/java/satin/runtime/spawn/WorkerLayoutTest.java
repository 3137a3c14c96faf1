package satin.runtime.spawn;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import org.junit.jupiter.api.Test;
import org.openjdk.jol.info.ClassLayout;
import org.openjdk.jol.info.FieldLayout;

/**
 * The worker's field layout in this JVM, as JOL reads it: every field that other threads read or write (declared in
 * {@code SharedWorkerFields}) is at least 128 bytes (two cache lines) from every field the worker declares for
 * itself, whatever order the JVM gives the fields inside one class.
 */
class WorkerLayoutTest {

    private static final int APART = 128;
    private static final Set<String> SHARED = Set.of("deque", "awaited", "hungry", "offering", "parked", "abortSignal",
            "loopOffer");

    @Test
    void fieldsOtherThreadsTouchHaveCacheLinesOfTheirOwn() {
        ClassLayout layout = ClassLayout.parseClass(Worker.class);
        String picture = layout.toPrintable();
        int found = 0;
        for (FieldLayout shared : layout.fields()) {
            if (!SHARED.contains(shared.name())) {
                continue;
            }
            found++;
            assertTrue(shared.classShortName().equals("SharedWorkerFields"), shared.name() + " moved:\n" + picture);
            for (FieldLayout own : layout.fields()) {
                if (own.classShortName().equals("Worker")) {
                    assertTrue(Math.abs(own.offset() - shared.offset()) >= APART,
                            own.name() + " shares a cache line with " + shared.name() + ":\n" + picture);
                }
            }
        }
        assertTrue(found == SHARED.size(), "shared fields missing:\n" + picture);
    }
}
