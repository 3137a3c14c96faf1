package satin.runtime.node.classes;

import java.lang.reflect.Field;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.lang.reflect.WildcardType;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import satin.contract.InvocationRecord;

/**
 * The classes whose instances may travel inside a job, closed over everything a value of a class can hold.
 *
 * <p>Starting from the types of a record's fields (the call's target, its parameters and its result) and from the
 * classes named by the user, the closure adds
 * <ul>
 *   <li>every concrete class reached, then the types of its non-static, non-transient fields (superclasses'
 *       included) and the type arguments of its generic superclass and interfaces;</li>
 *   <li>behind every program type that is not final (an interface, an abstract class or a concrete base class), all
 *       its subtypes found on the scanned class path, transitively: a {@code Shape} field may hold any
 *       {@code Sphere} or {@code Triangle extends Polygon extends Shape};</li>
 *   <li>for generic types ({@code List<Shape>}, {@code Map<String, Patch[]>}, {@code Node<T extends Shape>}), the
 *       type arguments, wildcard and variable bounds, closed the same way;</li>
 *   <li>arrays with their element classes, and for an array of a program type, the arrays of the same dimension of
 *       each of its subtypes ({@code Shape[]} may be a {@code Sphere[]}).</li>
 * </ul>
 * JDK classes are added when concrete (their own fields are Kryo's business) except {@code java.lang} ones, which
 * Kryo knows; what hides behind a JDK interface ({@code List}, {@code Comparator}) is known only from type
 * arguments, never by listing every implementation on the class path (libraries have many that Kryo cannot
 * serialize). Enums are added as such (Kryo sends the ordinal; a constant with a body travels as its enum).
 * {@code Object} adds nothing: what hides behind it cannot be known from the types.
 */
final class TypeClosure {

    private final ClassPathScan scan;
    private final ClassLoader loader;
    private final Set<String> out = new LinkedHashSet<>();
    private final Set<Type> seen = new HashSet<>();

    TypeClosure(ClassPathScan scan, ClassLoader loader) {
        this.scan = scan;
        this.loader = loader;
    }

    /** The classes added so far, binary names. */
    Set<String> classes() {
        return out;
    }

    /** Adds what the fields of {@code type} and its superclasses may hold (not {@code type} itself). */
    void contentsOf(Class<?> type) {
        for (Class<?> c = type; c != null && c != Object.class && c != InvocationRecord.class;
                c = c.getSuperclass()) {
            if (c != type) {
                add(c);
            }
            for (Field f : c.getDeclaredFields()) {
                int m = f.getModifiers();
                if (!Modifier.isStatic(m) && !Modifier.isTransient(m)) {
                    add(f.getGenericType());
                }
            }
            add(c.getGenericSuperclass());
            for (Type i : c.getGenericInterfaces()) {
                typeArguments(i);
            }
        }
    }

    /**
     * Adds every concrete subtype of {@code base} on the scanned class path, not what their fields may hold: for
     * classes that travel as references ({@code SharedObject}), whose state never goes through Kryo.
     */
    void concreteSubtypesOf(Class<?> base) {
        for (Class<?> sub : subtypes(base)) {
            if (!sub.isInterface() && !Modifier.isAbstract(sub.getModifiers())) {
                out.add(sub.getName());
            }
        }
    }

    /** Adds a type as a field, an element, a parameter or a result may declare it. */
    void add(Type type) {
        if (type == null || !seen.add(type)) {
            return;
        }
        if (type instanceof Class<?> c) {
            addClass(c);
        } else if (type instanceof ParameterizedType p) {
            add(p.getRawType());
            typeArguments(p);
        } else if (type instanceof GenericArrayType g) {
            add(g.getGenericComponentType());
        } else if (type instanceof WildcardType w) {
            for (Type b : w.getUpperBounds()) {
                add(b);
            }
            for (Type b : w.getLowerBounds()) {
                add(b);
            }
        } else if (type instanceof TypeVariable<?> v) {
            for (Type b : v.getBounds()) {
                add(b);
            }
        }
    }

    private void typeArguments(Type type) {
        if (type instanceof ParameterizedType p) {
            for (Type a : p.getActualTypeArguments()) {
                add(a);
            }
        }
    }

    private void addClass(Class<?> t) {
        if (t.isPrimitive() || t == Object.class) {
            return;
        }
        if (t.isArray()) {
            addArray(t);
            return;
        }
        if (InvocationRecord.class.isAssignableFrom(t) || ClassPathScan.isInfrastructure(t.getName())) {
            return; // records are listed on their own; the runtime's own classes never travel inside a job
        }
        if (satin.SharedObject.class.isAssignableFrom(t)) {
            concreteSubtypesOf(t); // a shared object travels as a reference: its fields never go through Kryo
            if (!t.isInterface() && !Modifier.isAbstract(t.getModifiers())) {
                out.add(t.getName());
            }
            return;
        }
        if (Enum.class.isAssignableFrom(t)) {
            // Kryo writes an enum as its ordinal and finds a constant's body class through its enum class.
            if (t.isEnum()) {
                out.add(t.getName());
            }
            return;
        }
        boolean jdk = isJdk(t);
        boolean abstractType = t.isInterface() || Modifier.isAbstract(t.getModifiers());
        if (!abstractType && !(jdk && t.getName().startsWith("java.lang."))) {
            out.add(t.getName());
        }
        if (!jdk) {
            contentsOf(t);
        }
        if (!jdk && !Modifier.isFinal(t.getModifiers())) {
            for (Class<?> sub : subtypes(t)) {
                add(sub);
            }
        }
    }

    /** An array, its element class, and the arrays of the element's subtypes with the same dimension. */
    private void addArray(Class<?> array) {
        out.add(array.getName());
        int dims = 0;
        Class<?> element = array;
        while (element.isArray()) {
            element = element.getComponentType();
            dims++;
        }
        add(element);
        if (element.isPrimitive() || isJdk(element) || Modifier.isFinal(element.getModifiers())) {
            return;
        }
        for (Class<?> sub : subtypes(element)) {
            Class<?> subArray = load("[".repeat(dims) + "L" + sub.getName() + ";");
            if (subArray != null) {
                out.add(subArray.getName());
            }
        }
    }

    /** Every subtype of {@code t} found on the scanned class path, transitively, in a stable order. */
    private List<Class<?>> subtypes(Class<?> t) {
        List<Class<?>> found = new ArrayList<>();
        Set<String> visited = new HashSet<>();
        List<String> todo = new ArrayList<>(scan.directSubtypes(t.getName()));
        while (!todo.isEmpty()) {
            String name = todo.remove(todo.size() - 1);
            if (!visited.add(name)) {
                continue;
            }
            Class<?> c = load(name);
            if (c != null && t.isAssignableFrom(c)) {
                found.add(c);
            }
            todo.addAll(scan.directSubtypes(name));
        }
        found.sort(java.util.Comparator.comparing(Class::getName));
        return found;
    }

    private Class<?> load(String name) {
        try {
            return Class.forName(name, false, loader);
        } catch (ClassNotFoundException | LinkageError e) {
            return null;
        }
    }

    private static boolean isJdk(Class<?> c) {
        String n = c.getName();
        return n.startsWith("java.") || n.startsWith("javax.") || n.startsWith("jdk.") || n.startsWith("sun.")
                || n.startsWith("com.sun.");
    }
}
