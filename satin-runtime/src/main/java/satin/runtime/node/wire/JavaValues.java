package satin.runtime.node.wire;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InvalidClassException;
import java.io.ObjectInputStream;
import java.io.ObjectStreamClass;
import satin.ipl.JavaSerialization;

/**
 * Values that travel between nodes by Java serialization rather than Kryo: exceptions thrown by jobs, inlet exceptions
 * included ({@link Codec}), and shared objects with the arguments and results of their write methods
 * ({@code node.shared.SharedReplication}). An exception's class is seldom on the Kryo registration list and its JDK superclass
 * fields are not open to reflection, and a shared object's class need not be on the list (it may never be a spawn
 * argument). Reading is behind the IPL's filter ({@link JavaSerialization#filter}): only the program's own classes
 * (loaded by the program's loader, not the JDK's), every {@code Throwable} (a cause may be a JDK exception of any
 * class), strings, boxed primitives, the common JDK lists, sets and maps (their elements are filtered alike) and
 * arrays of those are accepted; anything else ends the read with an error naming the class. No array longer, and no
 * more objects, than the bytes read hold: a claimed length does not allocate what the bytes cannot fill. Writing
 * something that is not serializable fails naming the class and the field path of the culprit.
 */
public final class JavaValues {

    private JavaValues() {
    }

    public static byte[] write(Object value) throws IOException {
        return JavaSerialization.write(value);
    }

    /**
     * Reads a value written by {@link #write}, resolving classes through {@code loader}.
     *
     * @param what what the value is, for the error ("the arguments of a write from node 2")
     */
    public static Object read(byte[] bytes, ClassLoader loader, String what) throws IOException {
        JavaSerialization.ReadFilter filter = JavaSerialization.filter(bytes.length, JavaValues::programClass);
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes)) {
            @Override
            protected Class<?> resolveClass(ObjectStreamClass desc) throws IOException, ClassNotFoundException {
                return Class.forName(desc.getName(), false, loader);
            }
        }) {
            in.setObjectInputFilter(filter);
            return in.readObject();
        } catch (ClassNotFoundException | InvalidClassException e) {
            throw new IOException("cannot read " + what + ": "
                    + (filter.refused() != null ? "it holds " + filter.refused() : e.getMessage()), e);
        }
    }

    /** A class of the program: loaded by an application loader, not the JDK's, and not in a JDK package. */
    private static boolean programClass(Class<?> c) {
        ClassLoader own = c.getClassLoader();
        return own != null && own != ClassLoader.getPlatformClassLoader() && !c.getName().startsWith("java.")
                && !c.getName().startsWith("javax.");
    }
}
