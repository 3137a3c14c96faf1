package satin.rewriter.diagnostic;

/**
 * One finding of the rewriter about user code: an error (the build must fail) or a warning.
 *
 * @param className  the class, in source form ({@code pkg.Outer$Inner})
 * @param method     the method name, or {@code null} for findings about the class itself
 * @param sourceFile the source file from the class file, or {@code null}
 * @param line       the source line, or -1 when the class file has no line numbers
 */
public record Diagnostic(Severity severity, String className, String method, String sourceFile, int line,
                         String message) {

    public enum Severity { ERROR, WARNING }

    public boolean isError() {
        return severity == Severity.ERROR;
    }

    /** {@code ERROR pkg.Cls.method (Cls.java:12): message}. */
    public String format() {
        StringBuilder b = new StringBuilder(severity.name()).append(' ').append(className);
        if (method != null) {
            b.append('.').append(method);
        }
        b.append(" (").append(sourceFile == null ? "unknown source" : sourceFile);
        if (line >= 0) {
            b.append(':').append(line);
        }
        return b.append("): ").append(message).toString();
    }

    @Override
    public String toString() {
        return format();
    }
}
