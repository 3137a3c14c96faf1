package satin.runtime.trace;

import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import satin.contract.ContractNames;

/**
 * Cheap estimates of how many bytes an invocation record's parameters and result take when a job is stolen, for
 * the trace: no serialization, only the record's non-transient instance fields (transient ones are runtime
 * bookkeeping and destinations, which never travel). Parameters are every such field except {@code result} (the
 * call's target counts as one object); the result is the field named {@code result} (absent for void calls: 0).
 *
 * <p>Per value: a primitive its size (1 for boolean and byte, 2 for char and short, 4 for int and float, 8 for long
 * and double); {@code null} 1; a boxed primitive 8; a {@code String} 4 plus its length; a primitive array 4 plus
 * length times element size; an array of references 4 plus {@value #OBJECT_BYTES} per element; any other object a
 * fixed {@value #OBJECT_BYTES}. Object graphs are not followed: a job whose parameters hold a large object behind an
 * interface is underestimated. The field layout is computed once per record class.
 */
public final class SizeEstimate {
    /** Estimate for an object whose graph is not followed (and for each element of an array of references). */
    public static final int OBJECT_BYTES = 16;
    static final String RESULT_FIELD = ContractNames.RESULT_FIELD;

    /** Primitive fields summed once; reference fields read per record. */
    private record Layout(int fixedParams, Field[] refParams, int fixedResult, Field refResult) {
    }

    private static final ClassValue<Layout> LAYOUTS = new ClassValue<>() {
        @Override
        protected Layout computeValue(Class<?> type) {
            return layoutOf(type);
        }
    };

    private SizeEstimate() {
    }

    /** Estimated serialized size of {@code record}'s parameters (and target). */
    public static int params(Object record) {
        Layout l = LAYOUTS.get(record.getClass());
        long sum = l.fixedParams;
        for (Field f : l.refParams) {
            sum += valueBytes(read(f, record));
        }
        return (int) Math.min(Integer.MAX_VALUE, sum);
    }

    /** Estimated serialized size of {@code record}'s result; 0 for a void call. */
    public static int result(Object record) {
        Layout l = LAYOUTS.get(record.getClass());
        return l.refResult == null ? l.fixedResult : (int) Math.min(Integer.MAX_VALUE, valueBytes(read(l.refResult, record)));
    }

    /** Estimated size of one value held in a reference field. */
    static long valueBytes(Object value) {
        if (value == null) {
            return 1;
        }
        if (value instanceof Number || value instanceof Boolean || value instanceof Character) {
            return 8;
        }
        if (value instanceof String s) {
            return 4L + s.length();
        }
        Class<?> type = value.getClass();
        if (type.isArray()) {
            Class<?> element = type.getComponentType();
            long per = element.isPrimitive() ? primitiveBytes(element) : OBJECT_BYTES;
            return 4L + Array.getLength(value) * per;
        }
        return OBJECT_BYTES;
    }

    static int primitiveBytes(Class<?> type) {
        if (type == boolean.class || type == byte.class) {
            return 1;
        }
        if (type == char.class || type == short.class) {
            return 2;
        }
        if (type == int.class || type == float.class) {
            return 4;
        }
        return 8;
    }

    private static Layout layoutOf(Class<?> type) {
        int fixedParams = 0;
        int fixedResult = 0;
        Field refResult = null;
        List<Field> refParams = new ArrayList<>();
        for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            for (Field f : c.getDeclaredFields()) {
                int mod = f.getModifiers();
                if (Modifier.isStatic(mod) || Modifier.isTransient(mod)) {
                    continue;
                }
                boolean isResult = c == type && f.getName().equals(RESULT_FIELD);
                if (f.getType().isPrimitive()) {
                    if (isResult) {
                        fixedResult = primitiveBytes(f.getType());
                    } else {
                        fixedParams += primitiveBytes(f.getType());
                    }
                    continue;
                }
                f.setAccessible(true);
                if (isResult) {
                    refResult = f;
                } else {
                    refParams.add(f);
                }
            }
        }
        return new Layout(fixedParams, refParams.toArray(Field[]::new), fixedResult, refResult);
    }

    private static Object read(Field f, Object record) {
        try {
            return f.get(record);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException("cannot read " + f + " to estimate a trace size", e);
        }
    }
}
