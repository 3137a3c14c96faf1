package satin.runtime.node.recovery;

import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.InaccessibleObjectException;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import satin.SharedObject;
import satin.contract.ContractNames;
import satin.contract.InvocationRecord;

/**
 * A 64-bit digest of a spawned call, the same on every JVM for equal values: the record's class name and its
 * non-transient fields other than the result (the target object by at most {@value #TARGET_BUDGET} values), followed
 * structurally (strings and boxed values
 * by value, arrays and collections element by element, sets order-free, other objects field by field in name
 * order, each object once per digest, at most {@value #BUDGET} values). A shared object that has a name
 * ({@link SharedObject#getObjectId()}) counts by that name: every replica is the same object, whatever writes it has
 * applied so far, and its state (the points of a k-means run) may be far larger than any argument, so a job holding
 * it costs no more to digest than one holding its name.
 *
 * <p>It is the identity of a job for the reuse of salvaged results (see the package overview): computed when a job
 * arrives from another node (before it runs, so that arguments it changes count as they were spawned) and for the
 * spawns of a re-execution, never on the fault-free spawn path.
 */
public final class ArgumentDigest {

    /** The most values one digest looks at; larger arguments are digested by their first values. */
    static final int BUDGET = 1 << 20;
    /** The most values of the call's target object one digest looks at. */
    static final int TARGET_BUDGET = 256;
    /** Written for a field whose value the JVM does not let this class read. */
    private static final long OPAQUE = 0x0DD0_0DD0_0DD0_0DD0L;

    private static final ClassValue<Field[]> FIELDS = new ClassValue<>() {
        @Override
        protected Field[] computeValue(Class<?> type) {
            List<Field> fields = new ArrayList<>();
            for (Class<?> c = type; c != null && c != Object.class && c != InvocationRecord.class;
                    c = c.getSuperclass()) {
                for (Field f : c.getDeclaredFields()) {
                    if (!Modifier.isStatic(f.getModifiers()) && !Modifier.isTransient(f.getModifiers())) {
                        try {
                            f.setAccessible(true);
                            fields.add(f);
                        } catch (InaccessibleObjectException | SecurityException e) {
                            // unreadable (a JDK internal): the value counts by its class only
                        }
                    }
                }
            }
            fields.sort(Comparator.comparing(Field::getName).thenComparing(f -> f.getDeclaringClass().getName()));
            return fields.toArray(Field[]::new);
        }
    };

    private long hash = 0x6A09_E667_F3BC_C909L;
    private int budget = BUDGET;
    private final IdentityHashMap<Object, Boolean> seen = new IdentityHashMap<>();

    private ArgumentDigest() {
    }

    /** The digest of {@code record}'s arguments (never 0, which means "unknown" in a path). */
    public static long of(InvocationRecord record) {
        ArgumentDigest d = new ArgumentDigest();
        d.mix(record.getClass().getName().hashCode());
        for (Field f : FIELDS.get(record.getClass())) {
            String name = f.getName();
            if (name.equals(ContractNames.RESULT_FIELD)) {
                continue;
            }
            if (name.equals("target")) {
                // the call's object counts too (a spawn on another object is another call), but a large one
                // (a scene, a table) by its first values only: it is usually the same object everywhere
                int rest = d.budget;
                int allowed = Math.min(rest, TARGET_BUDGET);
                d.budget = allowed;
                d.field(record, f);
                d.budget = rest - (allowed - Math.max(0, d.budget));
                continue;
            }
            d.field(record, f);
        }
        return d.hash == 0 ? 1 : d.hash;
    }

    private void mix(long v) {
        hash = (hash ^ v) * 0x9E37_79B9_7F4A_7C15L;
        hash ^= hash >>> 29;
    }

    private void field(Object owner, Field f) {
        try {
            Class<?> t = f.getType();
            if (t == long.class) {
                mix(f.getLong(owner));
            } else if (t == int.class) {
                mix(f.getInt(owner));
            } else if (t == double.class) {
                mix(Double.doubleToLongBits(f.getDouble(owner)));
            } else if (t == boolean.class) {
                mix(f.getBoolean(owner) ? 1 : 2);
            } else if (t == float.class) {
                mix(Float.floatToIntBits(f.getFloat(owner)));
            } else if (t == short.class) {
                mix(f.getShort(owner));
            } else if (t == byte.class) {
                mix(f.getByte(owner));
            } else if (t == char.class) {
                mix(f.getChar(owner));
            } else {
                value(f.get(owner));
            }
        } catch (IllegalAccessException e) {
            mix(OPAQUE);
        }
    }

    private void value(Object v) {
        if (--budget < 0) {
            return;
        }
        if (v == null) {
            mix(0x4E55_4C4CL);
            return;
        }
        Class<?> c = v.getClass();
        if (v instanceof String s) {
            mix(s.hashCode());
            mix(s.length());
            return;
        }
        if (v instanceof Number || v instanceof Boolean || v instanceof Character) {
            mix(c.getName().hashCode());
            mix(v.hashCode());
            return;
        }
        if (v instanceof Enum<?> e) {
            mix(e.getDeclaringClass().getName().hashCode());
            mix(e.name().hashCode());
            return;
        }
        if (v instanceof Class<?> k) {
            mix(k.getName().hashCode());
            return;
        }
        if (v instanceof SharedObject shared && shared.getObjectId() != null) {
            mix(0x5348_4152_4544L);
            mix(shared.getObjectId().hashCode());
            return;
        }
        if (seen.put(v, Boolean.TRUE) != null) {
            mix(0x5345_454EL); // a shared object: counted once
            return;
        }
        mix(c.getName().hashCode());
        if (c.isArray()) {
            int n = Array.getLength(v);
            mix(n);
            if (c.getComponentType().isPrimitive()) {
                int count = Math.min(n, Math.max(0, budget));
                budget -= count;
                primitives(v, count);
                return;
            }
            for (int i = 0; i < n && budget > 0; i++) {
                value(Array.get(v, i));
            }
            return;
        }
        if (v instanceof Set<?> set) {
            long sum = 0;
            for (Object element : set) {
                ArgumentDigest inner = new ArgumentDigest();
                inner.value(element);
                sum += inner.hash;
            }
            mix(set.size());
            mix(sum);
            return;
        }
        if (v instanceof Map<?, ?> map) {
            long sum = 0;
            for (Map.Entry<?, ?> entry : map.entrySet()) {
                ArgumentDigest inner = new ArgumentDigest();
                inner.value(entry.getKey());
                inner.value(entry.getValue());
                sum += inner.hash;
            }
            mix(map.size());
            mix(sum);
            return;
        }
        if (v instanceof Collection<?> list) {
            mix(list.size());
            for (Object element : list) {
                value(element);
            }
            return;
        }
        for (Field f : FIELDS.get(c)) {
            field(v, f);
        }
    }

    /**
     * Mixes the first {@code count} elements of a primitive array, each as its boxed value's {@code hashCode} (a
     * double or float by its bits), without boxing: a large array argument costs a loop, not an object per value.
     */
    private void primitives(Object array, int count) {
        if (array instanceof int[] a) {
            for (int i = 0; i < count; i++) {
                mix(a[i]);
            }
        } else if (array instanceof long[] a) {
            for (int i = 0; i < count; i++) {
                mix(Long.hashCode(a[i]));
            }
        } else if (array instanceof double[] a) {
            for (int i = 0; i < count; i++) {
                mix(Double.doubleToLongBits(a[i]));
            }
        } else if (array instanceof byte[] a) {
            for (int i = 0; i < count; i++) {
                mix(a[i]);
            }
        } else if (array instanceof float[] a) {
            for (int i = 0; i < count; i++) {
                mix(Float.floatToIntBits(a[i]));
            }
        } else if (array instanceof char[] a) {
            for (int i = 0; i < count; i++) {
                mix(a[i]);
            }
        } else if (array instanceof short[] a) {
            for (int i = 0; i < count; i++) {
                mix(a[i]);
            }
        } else if (array instanceof boolean[] a) {
            for (int i = 0; i < count; i++) {
                mix(Boolean.hashCode(a[i]));
            }
        }
    }
}
