package satin;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.NotSerializableException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.io.Serializable;
import java.io.UncheckedIOException;

/** {@link SatinObject#deepCopy}: a Java serialization round trip. */
final class DeepCopy {

    private DeepCopy() {
    }

    /**
     * A copy of {@code o}; classes are resolved through the loader of {@code o}'s class first (a program's classes),
     * then as Java serialization resolves them.
     *
     * @throws UncheckedIOException naming the class that is not serializable
     */
    static Serializable of(Serializable o) {
        if (o == null) {
            return null;
        }
        ClassLoader own = o.getClass().getClassLoader();
        try {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
                out.writeObject(o);
            }
            try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray())) {
                @Override
                protected Class<?> resolveClass(ObjectStreamClass desc) throws IOException, ClassNotFoundException {
                    try {
                        return Class.forName(desc.getName(), false, own);
                    } catch (ClassNotFoundException e) {
                        return super.resolveClass(desc);
                    }
                }
            }) {
                return (Serializable) in.readObject();
            }
        } catch (NotSerializableException e) {
            throw new UncheckedIOException("deepCopy of a " + o.getClass().getName() + ": it holds a "
                    + e.getMessage() + ", which is not Serializable", e);
        } catch (IOException e) {
            throw new UncheckedIOException("deepCopy of a " + o.getClass().getName() + ": " + e.getMessage(), e);
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException("deepCopy of a " + o.getClass().getName() + ": " + e.getMessage(), e);
        }
    }
}
