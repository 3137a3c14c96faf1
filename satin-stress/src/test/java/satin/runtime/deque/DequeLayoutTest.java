package satin.runtime.deque;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.openjdk.jol.info.ClassLayout;
import org.openjdk.jol.info.FieldLayout;

/**
 * The deque's field layout in this JVM, as JOL reads it: {@code top} and {@code bottom} are each at least 128
 * bytes (two cache lines) from each other, from both ends of the object, and from every other field, whatever
 * order the JVM gives the fields inside one class (see {@code PaddedIndices}).
 */
class DequeLayoutTest {

    private static final int APART = 128;

    @Test
    void topAndBottomHaveCacheLinesOfTheirOwn() {
        ClassLayout layout = ClassLayout.parseClass(WorkStealingDeque.class);
        Map<String, Long> offsets = new TreeMap<>();
        for (FieldLayout f : layout.fields()) {
            offsets.put(f.name(), f.offset());
        }
        long top = offsets.get("top");
        long bottom = offsets.get("bottom");
        String picture = layout.toPrintable();
        assertTrue(Math.abs(bottom - top) >= APART, "top and bottom too close:\n" + picture);
        for (long index : new long[] {top, bottom}) {
            assertTrue(index >= APART, "an index too close to the object's start:\n" + picture);
            assertTrue(layout.instanceSize() - (index + Long.BYTES) >= APART,
                    "an index too close to the object's end:\n" + picture);
        }
        for (Map.Entry<String, Long> f : offsets.entrySet()) {
            boolean padding = f.getKey().matches("[pqr]\\d\\d");
            if (!padding && !f.getKey().equals("top") && !f.getKey().equals("bottom")) {
                assertTrue(Math.abs(f.getValue() - top) >= APART && Math.abs(f.getValue() - bottom) >= APART / 2,
                        f.getKey() + " shares a cache line with an index:\n" + picture);
            }
        }
    }
}
