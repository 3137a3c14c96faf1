package satin.ipl.core;

import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.KryoException;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Output;

import satin.ipl.IplException;

/**
 * Object messages written with one Kryo of a {@link Serialization}, forged ones that keep a real message's
 * class id but replace its body, and reading them as the message reader does while measuring what the
 * reading thread allocates.
 */
final class CraftedMessages {
    /** A length no message can back: its elements would need gigabytes. */
    static final int HUGE = Integer.MAX_VALUE - 8;
    /** What a refused read may allocate at most. */
    static final long ALLOCATION_LIMIT = 8L << 20;

    private final Kryo kryo;

    /** The serialization of a test: the base classes, then {@code classNames}. */
    static Serialization serialization(List<String> classNames) {
        try {
            return new Serialization(classNames, CraftedMessages.class.getClassLoader());
        } catch (IplException e) {
            throw new IllegalStateException(e);
        }
    }

    CraftedMessages(Kryo kryo) {
        this.kryo = kryo;
    }

    byte[] write(Object o) {
        Output out = new Output(256, -1);
        kryo.writeClassAndObject(out, o);
        return out.toBytes();
    }

    /** A message for a {@code sample}-typed object whose body is replaced by {@code body}, then padding. */
    byte[] forged(Object sample, Consumer<Output> body) {
        byte[] whole = write(sample);
        Output alone = new Output(256, -1);
        @SuppressWarnings("unchecked")
        Serializer<Object> s = kryo.getSerializer(sample.getClass());
        s.write(kryo, alone, sample);
        Output out = new Output(256, -1);
        out.writeBytes(whole, 0, whole.length - alone.position());
        body.accept(out);
        out.writeBytes(new byte[24]);
        return out.toBytes();
    }

    /**
     * The message of {@code o}, whose first string of one non-ASCII character (written as the flagged
     * count 0x82) claims {@link #HUGE} characters instead.
     */
    byte[] withHugeString(Object o) {
        byte[] whole = write(o);
        int at = indexOf(whole, new byte[] {(byte) 0x82});
        assertTrue(at > 0, Arrays.toString(whole));
        Output out = new Output(64, -1);
        out.writeBytes(whole, 0, at);
        out.writeVarIntFlag(true, HUGE + 1, true);
        out.writeBytes(new byte[8]);
        return out.toBytes();
    }

    static long allocatedBytes() {
        return ((com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean()).getCurrentThreadAllocatedBytes();
    }

    /**
     * Reads {@code message}, which must be refused with a KryoException after allocating little. An
     * OutOfMemoryError (what an unguarded read of a huge claim ends in) is a failure of the test, not of
     * the run: the one huge array it asked for was never allocated.
     */
    KryoException refused(byte[] message) {
        long before = allocatedBytes();
        Throwable thrown = null;
        try {
            kryo.readClassAndObject(new BoundedInput(message));
        } catch (Throwable t) {
            thrown = t;
        }
        long allocated = allocatedBytes() - before;
        KryoException e = assertInstanceOf(KryoException.class, thrown, "a KryoException, not " + thrown);
        assertTrue(allocated < ALLOCATION_LIMIT, "allocated " + allocated + " bytes before refusing");
        return e;
    }

    static int indexOf(byte[] in, byte[] what) {
        for (int i = 0; i + what.length <= in.length; i++) {
            if (Arrays.equals(in, i, i + what.length, what, 0, what.length)) {
                return i;
            }
        }
        return -1;
    }
}
