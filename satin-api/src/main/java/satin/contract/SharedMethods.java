package satin.contract;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Finds and calls a shared object's write methods by name and descriptor ({@code "lower(I)V"}), the form the
 * rewritten code and the messages between nodes name them in. Write methods are declared in interfaces, so they are
 * public; their class may not be, hence {@code setAccessible}. Lookups are cached per class (a {@link ClassValue},
 * dropped with the class).
 */
public final class SharedMethods {

    private static final ClassValue<Map<String, Method>> METHODS = new ClassValue<>() {
        @Override
        protected Map<String, Method> computeValue(Class<?> type) {
            return new ConcurrentHashMap<>();
        }
    };

    private SharedMethods() {
    }

    /** Applies a write to the one replica of this JVM, holding its monitor (writes to one object never overlap). */
    public static Object applyLocally(Object target, String method, Object[] args) throws Throwable {
        synchronized (target) {
            return invoke(target, method, args);
        }
    }

    /** Calls {@code method} on {@code target}; throws what it throws. */
    public static Object invoke(Object target, String method, Object[] args) throws Throwable {
        try {
            return find(target.getClass(), method).invoke(target, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    /**
     * The method named {@code nameAndDescriptor} that {@code type} has (declared by it or a supertype).
     *
     * @throws IllegalArgumentException naming the class and the method if there is none
     */
    public static Method find(Class<?> type, String nameAndDescriptor) {
        return METHODS.get(type).computeIfAbsent(nameAndDescriptor, key -> search(type, key));
    }

    private static Method search(Class<?> type, String key) {
        Deque<Class<?>> todo = new ArrayDeque<>(List.of(type));
        Set<Class<?>> seen = new HashSet<>();
        while (!todo.isEmpty()) {
            Class<?> c = todo.poll();
            if (c == null || !seen.add(c)) {
                continue;
            }
            for (Method m : c.getDeclaredMethods()) {
                if (!m.isBridge() && key.equals(m.getName() + descriptor(m))) {
                    m.trySetAccessible(); // a public method of a class that is not public: reflection needs this
                    return m;
                }
            }
            todo.add(c.getSuperclass());
            todo.addAll(List.of(c.getInterfaces()));
        }
        throw new IllegalArgumentException(type.getName() + " has no method " + key);
    }

    /** The JVM descriptor of a method, e.g. {@code (I[Ljava/lang/String;)V}. */
    public static String descriptor(Method m) {
        StringBuilder b = new StringBuilder("(");
        for (Class<?> p : m.getParameterTypes()) {
            b.append(p.descriptorString());
        }
        return b.append(')').append(m.getReturnType().descriptorString()).toString();
    }
}
