package satin.ipl.core;

import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.io.IOException;
import java.math.BigInteger;
import java.util.BitSet;
import java.util.LinkedList;
import java.util.List;
import java.util.PriorityQueue;
import java.util.TreeMap;

import com.code_intelligence.jazzer.junit.FuzzTest;

import satin.ipl.IplException;
import satin.ipl.Location;
import satin.ipl.NodeIdentifier;
import satin.ipl.SendPortIdentifier;
import satin.ipl.fuzz.Allocation;

/**
 * Coverage-guided fuzzing of object reading as a receive port does it: a message body of random bytes
 * read with {@code readObject} until it is used up. Registered are the base classes plus user classes of
 * several shapes (a field-serialized class, a record, an enum, a sorted map, a linked list) and Kryo-serialized
 * JDK types that read lengths themselves (StringBuilder, BigInteger, BitSet, PriorityQueue). Contract:
 * objects or an {@link IplException} naming the cause, nothing else (no ClassCastException,
 * NegativeArraySizeException, StackOverflowError, OutOfMemoryError), and memory in proportion to the
 * message whatever lengths it claims.
 */
class ObjectReadFuzzTest {
    enum Colour { RED, GREEN }

    record Point(int x, double y, String label) {
    }

    static final class Job {
        String name;
        int[] data;
        Object[] children;
        List<Object> results;
        Colour colour;
        Point at;
    }

    private static final Serialization SERIALIZATION = serialization();
    private static final SendPortIdentifier ORIGIN = new SendPortIdentifier(
            new NodeIdentifier("p", "1", Location.parse("a@b"), "tcp", new byte[0]), "fuzzer");

    private static Serialization serialization() {
        try {
            return new Serialization(List.of(Job.class.getName(), Point.class.getName(), Colour.class.getName(),
                    TreeMap.class.getName(), LinkedList.class.getName(), StringBuilder.class.getName(),
                    BigInteger.class.getName(), BitSet.class.getName(), PriorityQueue.class.getName()),
                    ObjectReadFuzzTest.class.getClassLoader());
        } catch (IplException e) {
            throw new IllegalStateException(e);
        }
    }

    @FuzzTest(maxDuration = "60s")
    void readObjects(byte[] message) {
        Allocation.bounded(message.length, 256, () -> readAll(message));
    }

    private static void readAll(byte[] message) {
        MessageReaderImpl reader = new MessageReaderImpl(message, message.length, ORIGIN, null, 0, SERIALIZATION);
        try {
            for (int i = 0; i < 16 && reader.remaining() > 0; i++) {
                reader.readObject();
            }
        } catch (IOException e) {
            assertInstanceOf(IplException.class, e, "the IPL's own error");
            assertNotNull(e.getMessage());
        }
    }
}
