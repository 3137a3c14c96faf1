package satin.ipl.core;

import com.esotericsoftware.kryo.KryoException;
import com.esotericsoftware.kryo.io.Input;

/**
 * Kryo input over one complete message that refuses a length the rest of the message cannot hold before
 * Kryo allocates by it. Kryo's own serializers for types a user may register (StringBuilder, URL, Locale,
 * BigInteger, BitSet, ...) call these reads directly with a length from the wire, and Kryo allocates
 * the string buffer or array first and only then finds the bytes missing.
 *
 * <p>Each element takes at least its smallest encoding on the wire: a character one byte, a varint one
 * byte, a fixed int four. These reads are leaves: what they allocate they fill at once from the message
 * or fail, so unlike containers (see {@link LengthGuard}) they need no budget shared across the graph.
 * The refusal names no type; {@link GuardedKryo} adds the type being read when it passes by.
 */
final class BoundedInput extends Input {
    /** A message that holds all of {@code buffer}. */
    BoundedInput(byte[] buffer) {
        super(buffer);
    }

    /** A message of {@code count} bytes of {@code buffer} from {@code offset}. */
    BoundedInput(byte[] buffer, int offset, int count) {
        super(buffer, offset, count);
    }

    /**
     * The character count of the UTF-8 string that starts at the position, without consuming it; -1 if the
     * string is null, empty or ASCII (ASCII ends at a marked byte, so it is bounded by the bytes present).
     */
    static int utf8Chars(Input in) {
        int at = in.position();
        if (at >= in.limit() || (in.getBuffer()[at] & 0x80) == 0) {
            return -1;
        }
        // a flagged varint of count + 1 (0 = null, 1 = empty), then the characters
        int chars = in.readVarIntFlag(true) - 1;
        in.setPosition(at);
        return chars == 0 ? -1 : chars;
    }

    private void check(long count, int bytesEach, String unit) {
        long left = limit - position;
        if (count < 0 || count * bytesEach > left) {
            throw new Refused(null, count, unit, left);
        }
    }

    @Override
    public String readString() {
        int chars = utf8Chars(this);
        if (chars != -1) {
            check(chars, 1, "characters");
        }
        return super.readString();
    }

    @Override
    public StringBuilder readStringBuilder() {
        int chars = utf8Chars(this);
        if (chars != -1) {
            check(chars, 1, "characters");
        }
        return super.readStringBuilder();
    }

    @Override
    public byte[] readBytes(int length) {
        check(length, 1, "bytes");
        return super.readBytes(length);
    }

    @Override
    public boolean[] readBooleans(int length) {
        check(length, 1, "booleans");
        return super.readBooleans(length);
    }

    @Override
    public short[] readShorts(int length) {
        check(length, 2, "shorts");
        return super.readShorts(length);
    }

    @Override
    public char[] readChars(int length) {
        check(length, 2, "chars");
        return super.readChars(length);
    }

    @Override
    public int[] readInts(int length) {
        check(length, 4, "ints");
        return super.readInts(length);
    }

    @Override
    public int[] readInts(int length, boolean optimizePositive) {
        check(length, 1, "varint ints");
        return super.readInts(length, optimizePositive);
    }

    @Override
    public long[] readLongs(int length) {
        check(length, 8, "longs");
        return super.readLongs(length);
    }

    @Override
    public long[] readLongs(int length, boolean optimizePositive) {
        check(length, 1, "varint longs");
        return super.readLongs(length, optimizePositive);
    }

    @Override
    public float[] readFloats(int length) {
        check(length, 4, "floats");
        return super.readFloats(length);
    }

    @Override
    public double[] readDoubles(int length) {
        check(length, 8, "doubles");
        return super.readDoubles(length);
    }

    /** A refused length; {@link #naming} gives it the type whose serializer claimed it. */
    static final class Refused extends KryoException {
        private final Class<?> type;
        private final long claimed;
        private final String unit;
        private final long left;

        Refused(Class<?> type, long claimed, String unit, long left) {
            super((claimed < 0 ? "corrupt message: " : "corrupt or hostile message: ")
                    + (type == null ? "a value" : type.getTypeName()) + " claims " + claimed + " " + unit
                    + " but only " + left + " bytes are left in the message");
            this.type = type;
            this.claimed = claimed;
            this.unit = unit;
            this.left = left;
        }

        /** This refusal, naming {@code reading} unless it names a type already. */
        Refused naming(Class<?> reading) {
            if (type != null || reading == null) {
                return this;
            }
            Refused named = new Refused(reading, claimed, unit, left);
            named.setStackTrace(getStackTrace());
            return named;
        }
    }
}
