package satin.runtime.node;

import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import satin.contract.InvocationRecord;
import satin.contract.SharedMethods;
import satin.runtime.node.classes.RecordCalls;

/**
 * Guards: a spawnable method {@code m(args)} may have {@code boolean guard_m(args)} in its class; a job stolen from
 * another node starts only once its guard, called on the job's target with its arguments, returns true there. Per
 * record class the guard's name and descriptor are derived once from the method the record calls (read from its
 * {@code execute()} by {@link RecordCalls}); per target class its {@code guard_} methods are listed once. The
 * rewriter has already refused guards whose signature does not match their spawnable method.
 */
final class Guards {

    /** What a record class's guard would be: its name and descriptor, and the fields holding the arguments. */
    private record Shape(String key, Field target, Field[] args) {
    }

    private static final ClassValue<Optional<Shape>> SHAPES = new ClassValue<>() {
        @Override
        protected Optional<Shape> computeValue(Class<?> record) {
            String[] call = RecordCalls.calledMethod(record, record.getClassLoader());
            if (call == null) {
                return Optional.empty();
            }
            try {
                int count = org.objectweb.asm.Type.getArgumentTypes(call[2]).length;
                Field[] args = new Field[count];
                for (int i = 0; i < count; i++) {
                    args[i] = record.getField("a" + i);
                }
                String params = call[2].substring(0, call[2].indexOf(')') + 1);
                return Optional.of(new Shape("guard_" + call[1] + params + "Z", record.getField("target"), args));
            } catch (NoSuchFieldException e) {
                return Optional.empty(); // a record of another shape
            }
        }
    };

    /** A class's guard methods by name and descriptor (its own and inherited). */
    private static final ClassValue<Map<String, Method>> GUARD_METHODS = new ClassValue<>() {
        @Override
        protected Map<String, Method> computeValue(Class<?> type) {
            Map<String, Method> guards = new HashMap<>();
            for (Class<?> c = type; c != null; c = c.getSuperclass()) {
                for (Method m : c.getDeclaredMethods()) {
                    if (m.getName().startsWith("guard_") && m.getReturnType() == boolean.class) {
                        m.setAccessible(true);
                        guards.putIfAbsent(m.getName() + SharedMethods.descriptor(m), m);
                    }
                }
            }
            return Map.copyOf(guards);
        }
    };

    private Guards() {
    }

    /** {@code job}'s guard, or null when its method has none. */
    static Method of(InvocationRecord job) throws IllegalAccessException {
        Optional<Shape> shape = SHAPES.get(job.getClass());
        if (shape.isEmpty()) {
            return null;
        }
        Object target = shape.get().target().get(job);
        return target == null ? null : GUARD_METHODS.get(target.getClass()).get(shape.get().key());
    }

    /** Evaluates {@code guard} (from {@link #of}) for {@code job}; throws what the guard throws. */
    static boolean holds(Method guard, InvocationRecord job) throws Throwable {
        Shape shape = SHAPES.get(job.getClass()).orElseThrow();
        Object[] values = new Object[shape.args().length];
        for (int i = 0; i < values.length; i++) {
            values[i] = shape.args()[i].get(job);
        }
        try {
            return (Boolean) guard.invoke(shape.target().get(job), values);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }
}
