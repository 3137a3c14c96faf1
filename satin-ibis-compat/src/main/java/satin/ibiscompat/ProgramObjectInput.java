package satin.ibiscompat;

import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputFilter;
import java.io.ObjectInputStream;
import java.io.ObjectStreamClass;

/**
 * Reads the objects of an object port's message: Java serialization, classes resolved by the program's class loader
 * (the one that created the Ibis instance), behind a filter. The filter accepts what programs send: their own
 * classes (loaded by a loader other than the JDK's), arrays, and the JDK's value and collection classes
 * ({@code java.lang}, {@code java.util}, {@code java.math}, {@code java.time}, {@code java.net.URI}); anything else of
 * the JDK ends the read with an error naming the class, as does a graph nested deeper than {@value #MAX_DEPTH}.
 * The filter keeps the JDK's other classes, whose deserialization has been used against programs, out of reach of a
 * sender; the pool's members are trusted (they hold its secret), see the README on {@code --insecure}.
 */
final class ProgramObjectInput extends ObjectInputStream {
    static final int MAX_DEPTH = 2000;
    private final ClassLoader loader;

    ProgramObjectInput(InputStream in, ClassLoader loader) throws IOException {
        super(in);
        this.loader = loader;
        setObjectInputFilter(ProgramObjectInput::check);
    }

    @Override
    protected Class<?> resolveClass(ObjectStreamClass desc) throws IOException, ClassNotFoundException {
        try {
            return Class.forName(desc.getName(), false, loader);
        } catch (ClassNotFoundException e) {
            return super.resolveClass(desc);
        }
    }

    private static ObjectInputFilter.Status check(ObjectInputFilter.FilterInfo info) {
        if (info.depth() > MAX_DEPTH) {
            return ObjectInputFilter.Status.REJECTED;
        }
        Class<?> c = info.serialClass();
        if (c == null) {
            return ObjectInputFilter.Status.UNDECIDED;
        }
        while (c.isArray()) {
            c = c.getComponentType();
        }
        if (c.isPrimitive()) {
            return ObjectInputFilter.Status.ALLOWED;
        }
        ClassLoader own = c.getClassLoader();
        if (own != null && own != ClassLoader.getPlatformClassLoader()) {
            return ObjectInputFilter.Status.ALLOWED;
        }
        String name = c.getName();
        String pkg = c.getPackageName();
        boolean jdkValue = pkg.equals("java.lang") || pkg.equals("java.util") || pkg.equals("java.math")
                || pkg.equals("java.time") || pkg.equals("java.util.concurrent")
                || pkg.equals("java.util.concurrent.atomic") || name.equals("java.net.URI");
        return jdkValue ? ObjectInputFilter.Status.ALLOWED : ObjectInputFilter.Status.REJECTED;
    }
}
