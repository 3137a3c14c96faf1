package satin.ibiscompat;

import java.io.PrintStream;
import java.util.Map;

import ibis.ipl.NoSuchPropertyException;

/**
 * The {@link ibis.ipl.Manageable} side of instances and ports here: their management properties are counters, read
 * from a map the owner makes; none can be set.
 */
final class Management {
    private Management() {
    }

    static String get(Map<String, String> properties, String key, Object owner) throws NoSuchPropertyException {
        String v = properties.get(key);
        if (v == null) {
            throw new NoSuchPropertyException(owner + " has no management property " + key);
        }
        return v;
    }

    static void set(Map<String, String> values, Object owner) throws NoSuchPropertyException {
        for (String key : values.keySet()) {
            set(key, owner);
        }
    }

    static void set(String key, Object owner) throws NoSuchPropertyException {
        throw new NoSuchPropertyException("the management properties of " + owner + " are counters; " + key
                + " cannot be set");
    }

    static void print(Map<String, String> properties, PrintStream stream) {
        properties.forEach((k, v) -> stream.println(k + " = " + v));
    }

    /** Throws unless {@code offset} and {@code length} name a slice of an array of {@code arrayLength} elements. */
    static void checkSlice(int arrayLength, int offset, int length) {
        if (offset < 0 || length < 0 || offset + length > arrayLength) {
            throw new IndexOutOfBoundsException("slice " + offset + "+" + length + " of an array of " + arrayLength);
        }
    }
}
