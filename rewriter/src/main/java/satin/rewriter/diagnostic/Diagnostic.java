package satin.rewriter.diagnostic;

/**
 * One finding of the rewriter about user code: an error (the build must fail) or a warning.
 *
 * @param className  the class, as Java source names it ({@code pkg.Outer.Inner}, see {@link SourceNames})
 * @param method     the method name as in the class file ({@code <init>} for a constructor), or {@code null} for
 *                   findings about the class itself
 * @param sourceFile the source file from the class file, or {@code null}
 * @param line       the source line, or -1 when the class file has no line numbers
 */
public record Diagnostic(Severity severity, String className, String method, String sourceFile, int line,
                         String message) {

    public enum Severity { ERROR, WARNING }

    public boolean isError() {
        return severity == Severity.ERROR;
    }

    /**
     * {@code ERROR pkg.Cls.method (Cls.java:12): message}; a constructor is {@code pkg.Cls constructor}, a static
     * initializer {@code pkg.Cls static initializer}, a lambda {@code pkg.Cls.main (a lambda)}.
     */
    public String format() {
        return severity.name() + ' ' + describe();
    }

    /**
     * {@link #format()} without the severity, for a log that prints its own level ({@code [ERROR]} in Maven): {@code
     * pkg.Cls.method (Cls.java:12): message}.
     */
    public String describe() {
        StringBuilder b = new StringBuilder(className);
        if (method != null) {
            b.append(SourceNames.member(method));
        }
        b.append(" (").append(sourceFile == null ? "unknown source" : sourceFile);
        if (line >= 0) {
            b.append(':').append(line);
        }
        return b.append("): ").append(message).toString();
    }

    /** The same finding with its source file given as {@code path} (a path a terminal or an IDE opens). */
    public Diagnostic at(String path) {
        return new Diagnostic(severity, className, method, path, line, message);
    }

    @Override
    public String toString() {
        return format();
    }
}
