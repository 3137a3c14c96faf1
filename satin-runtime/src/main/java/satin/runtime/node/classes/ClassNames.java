package satin.runtime.node.classes;

import java.util.Locale;
import java.util.Map;

/**
 * Class names as a user writes them and as the JVM does. Users write Java's spelling: {@code a.b.Shape},
 * {@code a.b.Outer.Inner}, {@code a.b.Vector3D[]}, {@code int[][]}; the JVM names the same classes
 * {@code a.b.Outer$Inner}, {@code [La.b.Vector3D;}, {@code [[I}. Everything the runtime prints about a class uses
 * {@link #spell}, and everything it accepts ({@code --register}, {@code satin.register}) goes through
 * {@link #resolve}, which takes either spelling, so a name copied from a message always works.
 */
public final class ClassNames {

    private static final Map<String, String> PRIMITIVES = Map.of("boolean", "Z", "byte", "B", "char", "C",
            "short", "S", "int", "I", "long", "J", "float", "F", "double", "D");

    private ClassNames() {
    }

    /** Java's spelling of a class: nested classes with dots, arrays with brackets; local and anonymous as binary. */
    public static String spell(Class<?> c) {
        if (c.isArray()) {
            return spell(c.getComponentType()) + "[]";
        }
        String canonical = c.getCanonicalName();
        return canonical != null ? canonical : c.getName();
    }

    /**
     * The class a user named, in Java's spelling or the JVM's.
     *
     * @throws ClassNotFoundException naming what was written when no such class is visible to {@code loader}
     */
    public static Class<?> resolve(String written, ClassLoader loader) throws ClassNotFoundException {
        String name = written.trim();
        int dims = 0;
        while (name.endsWith("[]")) {
            dims++;
            name = name.substring(0, name.length() - 2).trim();
        }
        Class<?> element = dims == 0 ? null : primitiveArrayElement(name);
        if (element == null) {
            element = element(name, loader, written);
        }
        if (dims == 0) {
            return element;
        }
        String descriptor = "[".repeat(dims) + (element.isPrimitive() ? PRIMITIVES.get(element.getName())
                : element.isArray() ? element.getName() : "L" + element.getName() + ";");
        return Class.forName(descriptor, false, loader);
    }

    private static Class<?> primitiveArrayElement(String name) {
        return switch (name.toLowerCase(Locale.ROOT).equals(name) ? name : "") {
            case "boolean" -> boolean.class;
            case "byte" -> byte.class;
            case "char" -> char.class;
            case "short" -> short.class;
            case "int" -> int.class;
            case "long" -> long.class;
            case "float" -> float.class;
            case "double" -> double.class;
            default -> null;
        };
    }

    /** A class by binary name, or by canonical name with nested classes written with dots. */
    private static Class<?> element(String name, ClassLoader loader, String written) throws ClassNotFoundException {
        String candidate = name;
        while (true) {
            try {
                return Class.forName(candidate, false, loader);
            } catch (ClassNotFoundException | LinkageError e) {
                int dot = candidate.lastIndexOf('.');
                if (dot < 0) {
                    throw new ClassNotFoundException("no class '" + written + "' on the program's class path (write"
                            + " classes as Java does: a.b.Shape, a.b.Outer.Inner, a.b.Shape[])");
                }
                candidate = candidate.substring(0, dot) + '$' + candidate.substring(dot + 1);
            }
        }
    }

    /**
     * The class a Kryo "not registered" message names, in Java's spelling ({@code Class is not registered: X} where
     * X is a binary name or an array written {@code a.b.C[]}), or the message's own text when it names none.
     */
    public static String spellFromKryoMessage(String message, ClassLoader loader) {
        String marker = "not registered: ";
        int at = message == null ? -1 : message.indexOf(marker);
        if (at < 0) {
            return message;
        }
        String rest = message.substring(at + marker.length());
        int end = 0;
        while (end < rest.length() && !Character.isWhitespace(rest.charAt(end)) && rest.charAt(end) != '(') {
            end++;
        }
        String name = rest.substring(0, end);
        try {
            return spell(resolve(name, loader));
        } catch (ClassNotFoundException | RuntimeException e) {
            return name;
        }
    }
}
