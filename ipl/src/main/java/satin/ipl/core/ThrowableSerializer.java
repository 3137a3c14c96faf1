package satin.ipl.core;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InvalidClassException;
import java.io.ObjectInputFilter;
import java.io.ObjectInputStream;
import java.io.ObjectStreamClass;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.KryoException;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;

import satin.ipl.JavaSerialization;

/**
 * Kryo serializer of every registered {@link Throwable} class: the exception travels whole, as Java serialization
 * writes it (class, message, cause, suppressed exceptions, stack trace and the program's own fields), and arrives as
 * an instance of its own class.
 *
 * <p>Why not Kryo's field serializer: {@code Throwable}'s state is in private fields of {@code java.base}, which no
 * module opens to reflection without a command-line flag ({@code InaccessibleObjectException: Unable to make field
 * private transient java.lang.Object java.lang.Throwable.backtrace accessible}). Java serialization reaches them
 * without flags: {@code Throwable} is {@code Serializable} and restores itself in its own {@code readObject}.
 *
 * <p>What a message may make the reader instantiate stays bounded: classes registered with this Kryo, any
 * {@code Throwable} (causes and suppressed exceptions are of any class), and the JDK values a throwable's own state
 * consists of ({@link JavaSerialization#filter}); no array longer, and no more objects, than the bytes hold. A value
 * that cannot be written (a field of a class that is not {@code Serializable}) fails the write with the field's path.
 */
final class ThrowableSerializer extends Serializer<Throwable> {

    @Override
    public void write(Kryo kryo, Output out, Throwable t) {
        byte[] bytes;
        try {
            bytes = JavaSerialization.write(t);
        } catch (IOException e) {
            throw new KryoException(e.getMessage(), e);
        }
        out.writeVarInt(bytes.length + 1, true);
        out.writeBytes(bytes);
    }

    @Override
    public Throwable read(Kryo kryo, Input in, Class<? extends Throwable> type) {
        int n = LengthGuard.arrayLength(kryo, in, 1, type);
        if (n < 0) {
            throw new KryoException("a " + type.getName() + " without its serialized form");
        }
        byte[] bytes = in.readBytes(n);
        Object read;
        JavaSerialization.ReadFilter filter = JavaSerialization.filter(bytes.length,
                c -> kryo.getClassResolver().getRegistration(c) != null);
        try (ObjectInputStream objects = new ObjectInputStream(new ByteArrayInputStream(bytes)) {
            @Override
            protected Class<?> resolveClass(ObjectStreamClass desc) throws IOException, ClassNotFoundException {
                return Class.forName(desc.getName(), false, kryo.getClassLoader());
            }
        }) {
            objects.setObjectInputFilter(filter);
            read = objects.readObject();
        } catch (ClassNotFoundException | InvalidClassException e) {
            throw new KryoException("cannot read a " + type.getName() + ": "
                    + (filter.refused() != null ? "it holds " + filter.refused() : e.getMessage()), e);
        } catch (IOException | RuntimeException e) {
            throw new KryoException("malformed " + type.getName() + " (" + e + ")", e);
        }
        if (!type.isInstance(read)) {
            throw new KryoException("a " + type.getName() + " whose serialized form holds a "
                    + (read == null ? "null" : read.getClass().getName()));
        }
        return type.cast(read);
    }
}
