package satin.rewriter.diagnostic;

/**
 * Names as the user wrote them in Java source, for messages: {@code a.b.Outer.Inner} rather than the class file's
 * {@code a/b/Outer$Inner}, "constructor" and "static initializer" rather than {@code <init>} and {@code <clinit>},
 * "lambda in main" rather than {@code lambda$main$0}. Anonymous and local classes keep their binary names
 * ({@code Outer$1}), which is how stack traces show them too.
 */
public final class SourceNames {

    private SourceNames() {
    }

    /** {@code a/b/Outer$Inner} as {@code a.b.Outer.Inner}; {@code a/b/Outer$1} as {@code a.b.Outer$1}. */
    public static String type(String internalName) {
        StringBuilder b = new StringBuilder(internalName.length());
        for (int i = 0; i < internalName.length(); i++) {
            char c = internalName.charAt(i);
            if (c == '/') {
                b.append('.');
            } else if (c == '$' && i + 1 < internalName.length() && Character.isJavaIdentifierStart(internalName.charAt(i + 1))
                    && internalName.charAt(i + 1) != '$') {
                b.append('.');
            } else {
                b.append(c);
            }
        }
        return b.toString();
    }

    /** The simple source name of a type: {@code a/b/Outer$Inner} as {@code Outer.Inner}. */
    public static String simpleType(String internalName) {
        String name = type(internalName);
        String pkg = internalName.lastIndexOf('/') < 0 ? "" : type(internalName.substring(0, internalName.lastIndexOf('/')));
        return pkg.isEmpty() ? name : name.substring(pkg.length() + 1);
    }

    /** A method of a class as the user calls it: {@code Fib.fib}, {@code new Scene}. */
    public static String method(String ownerInternalName, String methodName) {
        String owner = simpleType(ownerInternalName);
        return methodName.equals("<init>") ? "new " + owner : owner + "." + methodName;
    }

    /** Where a finding is, after the class name: {@code .fib}, {@code  constructor}, {@code .main (a lambda)}. */
    public static String member(String methodName) {
        if (methodName.equals("<init>")) {
            return " constructor";
        }
        if (methodName.equals("<clinit>")) {
            return " static initializer";
        }
        if (methodName.startsWith("lambda$")) {
            String[] parts = methodName.split("\\$");
            return parts.length >= 3 ? "." + parts[1] + " (a lambda)" : "." + methodName;
        }
        return "." + methodName;
    }
}
