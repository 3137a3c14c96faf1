package satin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The original Satin's static methods of {@code SatinObject} and {@code satin.impl.Satin.getSatin()} without a
 * runtime (the sequential program): pause and resume do nothing, no more jobs are needed, every job is local, there is
 * no runtime; and what is serializable as in the original.
 */
class OriginalStaticsTest {

    interface SearchInter extends Spawnable {
        int search(int depth);
    }

    /** A program's class, written with Java serialization as programs did. */
    static final class Search extends SatinObject implements SearchInter {
        final List<int[]> moves = new ArrayList<>();

        @Override
        public int search(int depth) {
            return depth;
        }
    }

    @Test
    void withoutARuntimeEachStaticHasItsSequentialMeaning() {
        SatinObject.pause();
        SatinObject.resume();
        assertFalse(SatinObject.needMoreJobs());
        assertTrue(SatinObject.localJob());
        assertNull(satin.impl.Satin.getSatin());
    }

    @Test
    void deepCopyCopiesTheWholeGraph() {
        Search s = new Search();
        s.moves.add(new int[] {1, 2});
        Search copy = (Search) SatinObject.deepCopy(s);
        assertNotSame(s, copy);
        assertNotSame(s.moves.get(0), copy.moves.get(0));
        assertEquals(2, copy.moves.get(0)[1]);
        assertNull(SatinObject.deepCopy(null));
        record Holder(Object o) implements Serializable {
        }
        UncheckedIOException e = assertThrows(UncheckedIOException.class,
                () -> SatinObject.deepCopy(new Holder(new Object())));
        assertTrue(e.getMessage().contains("java.lang.Object, which is not Serializable"), e.getMessage());
    }

    /** A shared object as programs wrote them: a write method in an interface extending WriteMethodsInterface. */
    interface CounterWrites extends WriteMethodsInterface {
        void add(int n);
    }

    static final class Counter extends SharedObject implements CounterWrites {
        int total;

        @Override
        public void add(int n) {
            total += n;
        }
    }

    @Test
    void withoutARuntimeASharedObjectIsLocalAndNamelessAsInTheOriginal() {
        Counter c = new Counter();
        assertTrue(c.isUnshared());
        assertNull(c.getObjectId());
        c.exportObject(); // the sequential meaning: nothing to share with
        c.add(2);
        assertTrue(c.isUnshared());
        assertEquals(2, c.total);
        assertNull(c.getObjectIdAndSetNonlocal());
        assertFalse(c.isUnshared(), "the original's call that marks the object non-local");
    }

    static final class Found extends Inlet {
    }

    static int search() throws Found {
        throw new Found();
    }

    @Test
    void anInletIsAThrowableThatACatchOfExceptionDoesNotCatch() {
        assertFalse(Exception.class.isAssignableFrom(Inlet.class), "Inlet extends Throwable, as in the original");
        boolean byException = false;
        boolean byType = false;
        try {
            try {
                search();
            } catch (Exception e) {
                byException = true;
            }
        } catch (Found f) {
            byType = true;
            assertEquals(0, f.getStackTrace().length, "an inlet has no stack trace");
        }
        assertFalse(byException);
        assertTrue(byType);
    }

    @Test
    void satinObjectsAndSpawnablesAreSerializableAsInTheOriginal() throws Exception {
        assertTrue(Serializable.class.isAssignableFrom(SatinObject.class));
        assertTrue(Serializable.class.isAssignableFrom(Spawnable.class));
        try (ObjectOutputStream out = new ObjectOutputStream(new ByteArrayOutputStream())) {
            out.writeObject(new Search());
        }
    }
}
