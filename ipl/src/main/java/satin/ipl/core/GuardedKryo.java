package satin.ipl.core;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.KryoException;
import com.esotericsoftware.kryo.Registration;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.util.DefaultClassResolver;
import com.esotericsoftware.kryo.util.MapReferenceResolver;

/**
 * A Kryo whose object reads fail only with {@link KryoException}, which the message reader reports as an
 * IPL error naming the sender. Garbage can make Kryo's serializers fail in other ways, for example a
 * back-reference to an object of the wrong type ends in a ClassCastException or an ArrayStoreException;
 * those are bad input too, not bugs of the receiver. So is a back-reference that puts a collection inside
 * its own hash map key, whose hash code then recurses until the stack overflows. Nesting is capped so
 * that deep garbage is refused before it overflows the reading thread's stack. Classes are accepted only
 * by registered id: with registration required a node never writes a class name, and reading one would
 * size a buffer by a length from the wire and look the name up with {@code Class.forName}. A length
 * that {@link BoundedInput} refuses is reported naming the type whose serializer claimed it: the
 * innermost read that knows its type names it on the way out.
 */
final class GuardedKryo extends Kryo {
    /** Object nesting a message may have; far below what overflows a default 512 KiB thread stack. */
    static final int MAX_DEPTH = 500;

    /** The type read at each depth by {@link #readClassAndObject}, known once its class id is read. */
    private final Class<?>[] reading = new Class<?>[MAX_DEPTH + 2];
    /** Set until the class id that starts a {@link #readClassAndObject} is read. */
    private boolean classIdNext;

    GuardedKryo() {
        super(new RegisteredIdsOnly(), new MapReferenceResolver());
        setMaxDepth(MAX_DEPTH);
    }

    private static final class RegisteredIdsOnly extends DefaultClassResolver {
        @Override
        protected Registration readName(Input in) {
            throw new KryoException("the message names a class by name, which is not registered: only"
                    + " registered class ids are accepted");
        }
    }

    @Override
    public void reset() {
        super.reset();
        classIdNext = false;
    }

    @Override
    public Registration readClass(Input in) {
        boolean startsObject = classIdNext;
        classIdNext = false;
        Registration r = super.readClass(in);
        if (startsObject && r != null && getDepth() < reading.length) {
            reading[getDepth()] = r.getType();
        }
        return r;
    }

    @Override
    public <T> T readObject(Input in, Class<T> type) {
        try {
            return super.readObject(in, type);
        } catch (BoundedInput.Refused e) {
            throw e.naming(type);
        }
    }

    @Override
    public <T> T readObject(Input in, Class<T> type, @SuppressWarnings("rawtypes") Serializer serializer) {
        try {
            return super.readObject(in, type, serializer);
        } catch (BoundedInput.Refused e) {
            throw e.naming(type);
        }
    }

    @Override
    public <T> T readObjectOrNull(Input in, Class<T> type) {
        try {
            return super.readObjectOrNull(in, type);
        } catch (BoundedInput.Refused e) {
            throw e.naming(type);
        }
    }

    @Override
    public <T> T readObjectOrNull(Input in, Class<T> type, @SuppressWarnings("rawtypes") Serializer serializer) {
        try {
            return super.readObjectOrNull(in, type, serializer);
        } catch (BoundedInput.Refused e) {
            throw e.naming(type);
        }
    }

    @Override
    public Object readClassAndObject(Input in) {
        int depth = getDepth();
        boolean outermost = depth == 0;
        if (depth + 1 < reading.length) {
            reading[depth + 1] = null;
        }
        classIdNext = true;
        try {
            return super.readClassAndObject(in);
        } catch (BoundedInput.Refused e) {
            throw e.naming(depth + 1 < reading.length ? reading[depth + 1] : null);
        } catch (KryoException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new KryoException("malformed object data (" + e + ")", e);
        } catch (StackOverflowError e) {
            if (!outermost) {
                throw e; // unwind the whole read first
            }
            reset(); // in case a finally block on the way up overflowed too, before this Kryo is reused
            // Kryo's own recursion is capped; this is a hash code or comparison of a cyclic graph, e.g. a
            // back-reference that makes a hash map's key contain the map
            throw new KryoException("object data whose hash codes or comparisons recurse without end"
                    + " (a collection that contains itself?)", e);
        }
    }
}
