package satin.ipl.core;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;

/**
 * Strings in Kryo's own format, but the character count of a non-ASCII string is checked before Kryo
 * sizes its character buffer by it (every character takes at least one byte). ASCII strings are
 * terminated by a marked last byte, so their length is bounded by the bytes actually present.
 */
final class BoundedStrings extends Serializer<String> {
    BoundedStrings() {
        setAcceptsNull(true);
        setImmutable(true);
    }

    @Override
    public void write(Kryo kryo, Output out, String s) {
        out.writeString(s);
    }

    @Override
    public String read(Kryo kryo, Input in, Class<? extends String> type) {
        return read(kryo, in);
    }

    /** Reads a string written by {@link Output#writeString}, refusing a count the message cannot hold. */
    static String read(Kryo kryo, Input in) {
        int chars = BoundedInput.utf8Chars(in);
        if (chars != -1) {
            LengthGuard.claim(kryo, in, chars, 1, String.class);
        }
        return in.readString();
    }
}
