package satin.ipl.core;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.KryoException;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.util.ObjectMap;

/**
 * Checks every element count read from the wire before anything of that size is allocated.
 *
 * <p>Each element of an array, string, collection or map takes at least {@code bytesEach} bytes of the
 * message (references are on, so even a repeated or null element costs a byte), and the elements of
 * different containers occupy different bytes. So a claim is refused when it needs more bytes than the
 * message has left, and also when all claims of one object graph together need more bytes than were left
 * at the first claim: without that second rule, nested arrays that each claim the whole rest of the
 * message would allocate quadratically. Legitimate data never trips either rule.
 */
final class LengthGuard {
    /** Graph-context key of the bytes not yet promised to claimed elements (a one-element long array). */
    private static final Object UNCLAIMED = new Object();

    private LengthGuard() {
    }

    /**
     * Refuses {@code claimed} elements of {@code type} unless the rest of the message can hold them.
     * Kryo clears the graph context after every top-level read, so the budget is per object graph.
     */
    static void claim(Kryo kryo, Input in, long claimed, int bytesEach, Class<?> type) {
        long left = in.limit() - in.position();
        if (claimed < 0) {
            throw new KryoException("corrupt message: " + type.getTypeName() + " with negative length " + claimed);
        }
        long need = claimed * bytesEach;
        if (need > left) {
            throw new KryoException("corrupt or hostile message: " + type.getTypeName() + " claims " + claimed
                    + " elements but only " + left + " bytes are left in the message");
        }
        ObjectMap<Object, Object> context = kryo.getGraphContext();
        long[] unclaimed = (long[]) context.get(UNCLAIMED);
        if (unclaimed == null) {
            unclaimed = new long[] {left};
            context.put(UNCLAIMED, unclaimed);
        }
        if (need > unclaimed[0]) {
            throw new KryoException("corrupt or hostile message: " + type.getTypeName() + " claims " + claimed
                    + " elements but the message has only " + unclaimed[0]
                    + " bytes not already needed by elements claimed before");
        }
        unclaimed[0] -= need;
    }

    /**
     * Reads the {@code length + 1} varint (0 for null) that starts Kryo's array formats and checks it;
     * returns the length, -1 for null.
     */
    static int arrayLength(Kryo kryo, Input in, int bytesEach, Class<?> type) {
        int n = in.readVarInt(true) - 1;
        if (n != -1) {
            claim(kryo, in, n, bytesEach, type);
        }
        return n;
    }
}
