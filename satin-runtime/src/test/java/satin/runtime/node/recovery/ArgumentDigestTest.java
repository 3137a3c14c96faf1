package satin.runtime.node.recovery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import satin.RuntimeThread;
import satin.SharedObject;
import satin.contract.InvocationRecord;
import org.junit.jupiter.api.Test;

class ArgumentDigestTest {

    /** A spawned call's record as the rewriter makes it: public fields target, a0, a1. */
    public static final class Call extends InvocationRecord {
        public Object target;
        public Object a0;
        public int a1;

        Call(Object a0, int a1) {
            this.a0 = a0;
            this.a1 = a1;
        }

        @Override
        protected void execute() {
        }

        @Override
        public Object boxedResult() {
            return null;
        }

        @Override
        public void boxedResult(Object value) {
        }
    }

    /** A shared object with a large state and a write that changes it. */
    public static final class Points extends SharedObject {
        private static final long serialVersionUID = 1L;
        int[] coordinates;
        int round;

        Points(int[] coordinates) {
            this.coordinates = coordinates;
        }
    }

    private static final class NodeThread extends Thread implements RuntimeThread {
        NodeThread(Runnable r) {
            super(r);
        }

        @Override
        public void balancing(boolean on) {
        }

        @Override
        public boolean needMoreJobs() {
            return false;
        }

        @Override
        public boolean localJob() {
            return true;
        }
    }

    @Test
    void equalArgumentsGiveEqualDigestsAndAnyChangedElementAnother() {
        List<Object> arrays = List.of(new int[] {1, 2, 3}, new long[] {1, 2, 3}, new double[] {1, 2, 3},
                new float[] {1, 2, 3}, new byte[] {1, 2, 3}, new short[] {1, 2, 3}, new char[] {1, 2, 3},
                new boolean[] {true, false, true});
        for (Object a : arrays) {
            Object copy = copyOf(a);
            assertEquals(ArgumentDigest.of(new Call(a, 7)), ArgumentDigest.of(new Call(copy, 7)), a.getClass().getName());
            java.lang.reflect.Array.set(copy, 1, java.lang.reflect.Array.get(a, 0)); // element 1 now equals element 0
            assertNotEquals(ArgumentDigest.of(new Call(a, 7)), ArgumentDigest.of(new Call(copy, 7)),
                    a.getClass().getName());
        }
        assertNotEquals(ArgumentDigest.of(new Call(new int[] {1, 2, 3}, 7)), ArgumentDigest.of(new Call(new int[] {1, 2, 3}, 8)));
        assertNotEquals(ArgumentDigest.of(new Call(new int[] {1, 2, 3}, 7)), ArgumentDigest.of(new Call(new long[] {1, 2, 3}, 7)),
                "the array's class counts");
    }

    @Test
    void aNamedSharedObjectCountsByItsNameNotItsState() throws Exception {
        Points original = onRuntimeThread(() -> new Points(new int[] {5, 6, 7}));
        Points replica = (Points) roundTrip(original); // another node's replica: same name, own state
        replica.coordinates[0] = 99; // a write applied there but not yet here
        replica.round = 3;
        assertEquals(ArgumentDigest.of(new Call(original, 1)), ArgumentDigest.of(new Call(replica, 1)));
        Points another = onRuntimeThread(() -> new Points(new int[] {5, 6, 7}));
        assertNotEquals(ArgumentDigest.of(new Call(original, 1)), ArgumentDigest.of(new Call(another, 1)),
                "another shared object is another argument, even with equal state");
        Points unnamed = new Points(new int[] {5, 6, 7}); // made off a runtime: no name, counts by its state
        Points unnamedChanged = new Points(new int[] {99, 6, 7});
        assertNotEquals(ArgumentDigest.of(new Call(unnamed, 1)), ArgumentDigest.of(new Call(unnamedChanged, 1)));
    }

    @Test
    void aLargePrimitiveArrayIsDigestedByItsFirstValuesOnly() {
        int[] big = new int[ArgumentDigest.BUDGET + 10];
        int[] changedBeyond = big.clone();
        changedBeyond[big.length - 1] = 1;
        int[] changedWithin = big.clone();
        changedWithin[10] = 1;
        long digest = ArgumentDigest.of(new Call(big, 0));
        assertEquals(digest, ArgumentDigest.of(new Call(changedBeyond, 0)));
        assertNotEquals(digest, ArgumentDigest.of(new Call(changedWithin, 0)));
    }

    private static Object copyOf(Object array) {
        int n = java.lang.reflect.Array.getLength(array);
        Object copy = java.lang.reflect.Array.newInstance(array.getClass().getComponentType(), n);
        System.arraycopy(array, 0, copy, 0, n);
        return copy;
    }

    private static <T> T onRuntimeThread(java.util.function.Supplier<T> make) throws InterruptedException {
        AtomicReference<T> made = new AtomicReference<>();
        Thread t = new NodeThread(() -> made.set(make.get()));
        t.start();
        t.join();
        return made.get();
    }

    private static Object roundTrip(Object o) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(o);
        }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            return in.readObject();
        }
    }
}
