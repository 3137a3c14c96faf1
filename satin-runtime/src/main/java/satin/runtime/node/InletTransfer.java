package satin.runtime.node;

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
 * An inlet exception ({@code satin.Inlet}) thrown by a stolen job travels to its owner as an object, since the
 * owner's catch block reads its fields (a board, a vote). Exceptions are not on the Kryo registration list (their
 * JDK superclass fields are not open to reflection), so this uses Java serialization, which every {@code Throwable}
 * supports, behind a filter: only the program's own classes (loaded by the program's loader, not the JDK's),
 * {@code Throwable} and its JDK superclasses, strings, boxed primitives and arrays of those are accepted; anything else
 * ends the read with an error naming the class. Other exceptions travel as class name and message
 * ({@link RemoteFailure}).
 */
final class InletTransfer {

    private static final Set<String> JDK_ALLOWED = Set.of("java.lang.Throwable", "java.lang.Exception",
            "java.lang.RuntimeException", "java.lang.String", "java.lang.Integer", "java.lang.Long",
            "java.lang.Short", "java.lang.Byte", "java.lang.Character", "java.lang.Boolean", "java.lang.Double",
            "java.lang.Float", "java.lang.Number", "java.lang.Enum", "java.lang.StackTraceElement",
            "java.util.ArrayList", "java.util.Collections$EmptyList", "java.util.Collections$UnmodifiableList",
            "java.util.Collections$UnmodifiableCollection", "java.util.Collections$UnmodifiableRandomAccessList");

    private InletTransfer() {
    }

    static byte[] write(Throwable inlet) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(inlet);
        }
        return bytes.toByteArray();
    }

    static Throwable read(byte[] bytes, ClassLoader loader, int from, String message, String trace)
            throws IOException {
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes)) {
            @Override
            protected Class<?> resolveClass(ObjectStreamClass desc) throws IOException, ClassNotFoundException {
                return Class.forName(desc.getName(), false, loader);
            }
        }) {
            in.setObjectInputFilter(info -> check(info, loader));
            Object o = in.readObject();
            if (!(o instanceof Throwable t)) {
                throw new IOException("node " + from + " sent an inlet exception that is not a Throwable: " + o);
            }
            return t;
        } catch (ClassNotFoundException | InvalidClassException e) {
            throw new IOException("node " + from + " sent an inlet exception (" + message + ") that cannot be read "
                    + "here: " + e.getMessage() + "\n" + trace, e);
        }
    }

    private static ObjectInputFilter.Status check(ObjectInputFilter.FilterInfo info, ClassLoader loader) {
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
