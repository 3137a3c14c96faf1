package satin.ipl.core;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.KryoException;
import com.esotericsoftware.kryo.io.Input;

/**
 * A Kryo whose object reads fail only with {@link KryoException}, which the message reader reports as an
 * IPL error naming the sender. Garbage can make Kryo's serializers fail in other ways, for example a
 * back-reference to an object of the wrong type ends in a ClassCastException or an ArrayStoreException;
 * those are bad input too, not bugs of the receiver. Nesting is capped so that deep garbage is refused
 * before it overflows the reading thread's stack.
 */
final class GuardedKryo extends Kryo {
    /** Object nesting a message may have; far below what overflows a default 512 KiB thread stack. */
    static final int MAX_DEPTH = 500;

    GuardedKryo() {
        setMaxDepth(MAX_DEPTH);
    }

    @Override
    public Object readClassAndObject(Input in) {
        try {
            return super.readClassAndObject(in);
        } catch (KryoException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new KryoException("malformed object data (" + e + ")", e);
        }
    }
}
