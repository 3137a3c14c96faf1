package satin.ipl;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.NotSerializableException;
import java.io.ObjectInputFilter;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.Collection;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Java serialization for what travels whole with its JDK state, exceptions above all: writing that names the field
 * path of what cannot be written, and a read filter that bounds what a message may make a node instantiate.
 *
 * <p>Java serialization reaches the private state of JDK classes such as {@code Throwable} without command-line
 * flags, which reflection-based serializers cannot; it requires every object written to be {@code Serializable},
 * as the original Satin required of everything that travelled.
 */
public final class JavaSerialization {

    /** JDK classes whose instances make up a throwable's state or a plain value, accepted by {@link #filter}. */
    private static final Set<String> JDK_VALUES = Set.of("java.lang.Object", "java.lang.String", "java.lang.Integer",
            "java.lang.Long", "java.lang.Short", "java.lang.Byte", "java.lang.Character", "java.lang.Boolean",
            "java.lang.Double", "java.lang.Float", "java.lang.Number", "java.lang.Enum",
            "java.lang.StackTraceElement", "java.util.ArrayList", "java.util.Collections$EmptyList",
            "java.util.Collections$UnmodifiableList", "java.util.Collections$UnmodifiableCollection",
            "java.util.Collections$UnmodifiableRandomAccessList", "java.util.HashMap", "java.util.HashSet",
            "java.util.LinkedHashMap", "java.util.LinkedHashSet", "java.util.TreeMap", "java.util.TreeSet",
            "java.util.ArrayDeque", "java.util.LinkedList");

    /** Objects nested deeper than this are refused by {@link #filter}. */
    private static final int MAX_DEPTH = 64;

    private JavaSerialization() {
    }

    /**
     * The Java serialization of {@code value}.
     *
     * @throws IOException naming the class and the field path of the first value that is not serializable, for
     *                     example {@code "a Boom cannot travel: Boom.board.cells[3] is a Cell, which is not
     *                     Serializable"}
     */
    public static byte[] write(Object value) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(value);
        } catch (NotSerializableException e) {
            throw new NotSerializableException(unserializable(value, e.getMessage()));
        }
        return bytes.toByteArray();
    }

    /**
     * A read filter that accepts primitives, the JDK values of {@link #JDK_VALUES}, every {@code Throwable} (a cause
     * may be of any class), arrays of those and the classes {@code alsoAccepted} accepts, and refuses anything else,
     * objects nested deeper than 64, and arrays longer or more objects than {@code bytes} (the length of the
     * serialized form: every element and object costs at least one byte of it). After a refusal,
     * {@link ReadFilter#refused()} says what was refused.
     */
    public static ReadFilter filter(long bytes, Predicate<Class<?>> alsoAccepted) {
        return new ReadFilter(bytes, alsoAccepted);
    }

    /** The filter of {@link #filter}; one per stream read (it remembers its refusal). */
    public static final class ReadFilter implements ObjectInputFilter {
        private final long bytes;
        private final Predicate<Class<?>> alsoAccepted;
        private String refused;

        private ReadFilter(long bytes, Predicate<Class<?>> alsoAccepted) {
            this.bytes = bytes;
            this.alsoAccepted = alsoAccepted;
        }

        @Override
        public Status checkInput(FilterInfo info) {
            if (info.arrayLength() > bytes || info.references() > bytes || info.depth() > MAX_DEPTH) {
                refused = "an array, object count or nesting beyond what " + bytes + " bytes hold";
                return Status.REJECTED;
            }
            Class<?> c = info.serialClass();
            if (c == null) {
                return Status.UNDECIDED;
            }
            Class<?> element = c;
            while (element.isArray()) {
                element = element.getComponentType();
            }
            if (element.isPrimitive() || JDK_VALUES.contains(element.getName())
                    || Throwable.class.isAssignableFrom(element) || alsoAccepted.test(element)) {
                return Status.ALLOWED;
            }
            refused = "a " + c.getName() + ", a class that may not be read here (neither registered, nor a"
                    + " Throwable, nor a plain JDK value)";
            return Status.REJECTED;
        }

        /** What this filter refused, or null. */
        public String refused() {
            return refused;
        }
    }

    /** Why {@code root} cannot be written: the path to its first value that is not serializable. */
    static String unserializable(Object root, String className) {
        String path = pathTo(root, root.getClass().getSimpleName(), new IdentityHashMap<>());
        return "a " + root.getClass().getName() + " cannot travel: "
                + (path != null ? path : "it holds a " + className + ", which is not Serializable");
    }

    /** The path from {@code value} (reached as {@code path}) to a value that is not serializable, or null. */
    private static String pathTo(Object value, String path, Map<Object, Boolean> seen) {
        if (value == null || seen.put(value, Boolean.TRUE) != null) {
            return null;
        }
        Class<?> c = value.getClass();
        if (!(value instanceof Serializable)) {
            return path + " is a " + c.getName() + ", which is not Serializable";
        }
        if (c.isArray()) {
            if (c.getComponentType().isPrimitive()) {
                return null;
            }
            for (int i = 0; i < Array.getLength(value); i++) {
                String found = pathTo(Array.get(value, i), path + "[" + i + "]", seen);
                if (found != null) {
                    return found;
                }
            }
            return null;
        }
        if (value instanceof Collection<?> elements) {
            int i = 0;
            for (Object e : elements) {
                String found = pathTo(e, path + "[" + i++ + "]", seen);
                if (found != null) {
                    return found;
                }
            }
            return null;
        }
        if (value instanceof Map<?, ?> map) {
            for (Map.Entry<?, ?> e : map.entrySet()) {
                String found = pathTo(e.getKey(), path + ".key(" + e.getKey() + ")", seen);
                if (found == null) {
                    found = pathTo(e.getValue(), path + "[" + e.getKey() + "]", seen);
                }
                if (found != null) {
                    return found;
                }
            }
            return null;
        }
        for (Class<?> k = c; k != null && k != Object.class; k = k.getSuperclass()) {
            for (Field f : k.getDeclaredFields()) {
                int m = f.getModifiers();
                if (Modifier.isStatic(m) || Modifier.isTransient(m) || f.getType().isPrimitive()) {
                    continue;
                }
                Object held;
                try {
                    f.setAccessible(true);
                    held = f.get(value);
                } catch (RuntimeException | IllegalAccessException e) {
                    continue; // a JDK class's own state: not the program's field
                }
                String found = pathTo(held, path + "." + f.getName(), seen);
                if (found != null) {
                    return found;
                }
            }
        }
        return null;
    }
}
