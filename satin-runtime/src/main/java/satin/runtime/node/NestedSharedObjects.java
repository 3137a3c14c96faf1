package satin.runtime.node;

import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import satin.SharedObject;

/**
 * Finds a shared object that a job would carry <em>inside</em> one of its values (an element of an array argument, a
 * field of an argument or of the job's target), where {@link SharedArguments} cannot turn it into a reference: sent,
 * it would arrive as a copy, and writes to the copy would reach no other replica. Such a job is kept on the node that
 * spawned it (see {@link UnshippableJobs#keepHolding}), where the object is the real one.
 *
 * <p>The walk visits what Kryo would serialize: program objects by their non-static, non-transient fields
 * (superclasses' too), object arrays by element, JDK collections and maps through their interfaces; other JDK
 * objects, strings, boxes, enums and primitive arrays hold no shared object of the program. Each object is visited
 * once. Paid only when a job is shipped to another node, in proportion to what is then serialized anyway.
 */
final class NestedSharedObjects {

    /** The instance fields a walk follows, per class (superclasses' included). */
    private static final ClassValue<Field[]> FIELDS = new ClassValue<>() {
        @Override
        protected Field[] computeValue(Class<?> type) {
            List<Field> fields = new ArrayList<>();
            for (Class<?> c = type; c != null && !isJdk(c); c = c.getSuperclass()) {
                for (Field f : c.getDeclaredFields()) {
                    int mod = f.getModifiers();
                    if (!Modifier.isStatic(mod) && !Modifier.isTransient(mod) && !f.getType().isPrimitive()) {
                        try {
                            f.setAccessible(true);
                            fields.add(f);
                        } catch (RuntimeException inaccessible) {
                            // a class of a named module that does not open it: Kryo cannot write it either
                        }
                    }
                }
            }
            return fields.toArray(new Field[0]);
        }
    };

    private NestedSharedObjects() {
    }

    /**
     * Where a shared object sits inside the values of {@code roots} (each named for the message), other than as a
     * root itself; null when there is none.
     */
    static String find(Map<String, Object> roots) {
        IdentityHashMap<Object, Boolean> seen = new IdentityHashMap<>();
        Deque<Object[]> work = new ArrayDeque<>(); // {object, path}
        for (Map.Entry<String, Object> root : roots.entrySet()) {
            if (root.getValue() != null && !(root.getValue() instanceof SharedObject)) {
                work.add(new Object[] {root.getValue(), root.getKey()});
            }
        }
        while (!work.isEmpty()) {
            Object[] next = work.poll();
            Object o = next[0];
            String path = (String) next[1];
            if (o == null || seen.put(o, Boolean.TRUE) != null) {
                continue;
            }
            if (o instanceof SharedObject) {
                return "a " + o.getClass().getName() + " at " + path;
            }
            Class<?> type = o.getClass();
            if (type.isArray()) {
                if (!type.getComponentType().isPrimitive()) {
                    for (int i = 0, n = Array.getLength(o); i < n; i++) {
                        work.add(new Object[] {Array.get(o, i), path + "[" + i + "]"});
                    }
                }
            } else if (o instanceof Collection<?> c) {
                int i = 0;
                for (Object e : c) {
                    work.add(new Object[] {e, path + ".<element " + i++ + ">"});
                }
            } else if (o instanceof Map<?, ?> m) {
                for (Map.Entry<?, ?> e : m.entrySet()) {
                    work.add(new Object[] {e.getKey(), path + ".<key>"});
                    work.add(new Object[] {e.getValue(), path + ".<value>"});
                }
            } else if (!isJdk(type) && !type.isEnum()) {
                for (Field f : FIELDS.get(type)) {
                    try {
                        work.add(new Object[] {f.get(o), path + "." + f.getName()});
                    } catch (IllegalAccessException e) {
                        // not made accessible above: skipped, as Kryo's own access would fail first
                    }
                }
            }
        }
        return null;
    }

    private static boolean isJdk(Class<?> c) {
        String n = c.getName();
        return n.startsWith("java.") || n.startsWith("javax.") || n.startsWith("jdk.") || n.startsWith("sun.");
    }
}
