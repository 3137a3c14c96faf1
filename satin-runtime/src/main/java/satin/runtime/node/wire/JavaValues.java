package satin.runtime.node.wire;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InvalidClassException;
import java.io.ObjectInputFilter;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.util.Set;

/**
 * Values that travel between nodes by Java serialization rather than Kryo: inlet exceptions ({@link InletTransfer})
 * and shared objects with the arguments and results of their write methods ({@link SharedReplication}). Exceptions
 * are not on the Kryo registration list (their JDK superclass fields are not open to reflection), and a shared
 * object's class need not be (it may never be a spawn argument). Reading is behind a filter: only the program's own
 * classes (loaded by the program's loader, not the JDK's), {@code Throwable} and its JDK superclasses, strings,
 * boxed primitives, the common JDK lists, sets and maps (their elements are filtered alike) and arrays of those are accepted; anything else ends
 * the read with an error naming the class. No array longer, and no more objects, than the bytes read hold: a claimed
 * length does not allocate what the bytes cannot fill.
 */
public final class JavaValues {

    private static final Set<String> JDK_ALLOWED = Set.of("java.lang.Object", "java.lang.Throwable",
            "java.lang.Exception", "java.lang.RuntimeException", "java.lang.String", "java.lang.Integer",
            "java.lang.Long", "java.lang.Short", "java.lang.Byte", "java.lang.Character", "java.lang.Boolean",
            "java.lang.Double", "java.lang.Float", "java.lang.Number", "java.lang.Enum",
            "java.lang.StackTraceElement", "java.util.ArrayList", "java.util.Collections$EmptyList",
            "java.util.Collections$UnmodifiableList", "java.util.Collections$UnmodifiableCollection",
            "java.util.Collections$UnmodifiableRandomAccessList", "java.util.HashMap", "java.util.HashSet",
            "java.util.LinkedHashMap", "java.util.LinkedHashSet", "java.util.TreeMap", "java.util.TreeSet",
            "java.util.ArrayDeque", "java.util.LinkedList");

    private JavaValues() {
    }

    public static byte[] write(Object value) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(value);
        }
        return bytes.toByteArray();
    }

    /**
     * Reads a value written by {@link #write}, resolving classes through {@code loader}.
     *
     * @param what what the value is, for the error ("the arguments of a write from node 2")
     */
    public static Object read(byte[] bytes, ClassLoader loader, String what) throws IOException {
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes)) {
            @Override
            protected Class<?> resolveClass(ObjectStreamClass desc) throws IOException, ClassNotFoundException {
                return Class.forName(desc.getName(), false, loader);
            }
        }) {
            in.setObjectInputFilter(info -> info.arrayLength() > bytes.length || info.references() > bytes.length
                    ? ObjectInputFilter.Status.REJECTED : check(info));
            return in.readObject();
        } catch (ClassNotFoundException | InvalidClassException e) {
            throw new IOException("cannot read " + what + ": " + e.getMessage(), e);
        }
    }

    private static ObjectInputFilter.Status check(ObjectInputFilter.FilterInfo info) {
        Class<?> c = info.serialClass();
        if (c == null) {
            return info.depth() > 64 ? ObjectInputFilter.Status.REJECTED : ObjectInputFilter.Status.UNDECIDED;
        }
        while (c.isArray()) {
            c = c.getComponentType();
        }
        if (c.isPrimitive() || JDK_ALLOWED.contains(c.getName())) {
            return ObjectInputFilter.Status.ALLOWED;
        }
        ClassLoader own = c.getClassLoader();
        boolean program = own != null && own != ClassLoader.getPlatformClassLoader()
                && !c.getName().startsWith("java.") && !c.getName().startsWith("javax.");
        return program ? ObjectInputFilter.Status.ALLOWED : ObjectInputFilter.Status.REJECTED;
    }
}
