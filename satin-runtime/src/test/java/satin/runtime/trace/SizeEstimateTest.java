package satin.runtime.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class SizeEstimateTest {

    @SuppressWarnings("unused")
    static class Base {
        transient Object runtimeOwned = new long[1000];
        int inherited = 1;
    }

    @SuppressWarnings("unused")
    static final class Record extends Base {
        static long notAField;
        Object target = new Object();
        double[] values = new double[10];
        String name = "abc";
        Object[] refs = new Object[3];
        Object nothing;
        Integer boxed = 7;
        transient int[] destination = new int[100];
        int[] result = new int[5];
    }

    @SuppressWarnings("unused")
    static final class VoidRecord {
        byte b;
        char c;
        boolean flag;
    }

    @Test
    void countsNonTransientFieldsByTypeAndLength() {
        int expected = 4 // inherited int
                + SizeEstimate.OBJECT_BYTES // target
                + 4 + 10 * 8 // double[10]
                + 4 + 3 // "abc"
                + 4 + 3 * SizeEstimate.OBJECT_BYTES // Object[3]
                + 1 // null
                + 8; // Integer
        assertEquals(expected, SizeEstimate.params(new Record()));
        assertEquals(4 + 5 * 4, SizeEstimate.result(new Record()));
    }

    @Test
    void aRecordWithoutResultFieldHasAnEmptyResult() {
        assertEquals(1 + 2 + 1, SizeEstimate.params(new VoidRecord()));
        assertEquals(0, SizeEstimate.result(new VoidRecord()));
        assertEquals(SizeEstimate.OBJECT_BYTES, SizeEstimate.valueBytes(List.of()));
    }
}
