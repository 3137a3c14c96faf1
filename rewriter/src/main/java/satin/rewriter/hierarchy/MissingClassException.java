package satin.rewriter.hierarchy;

/** A type the rewriter must know about is on neither the class path nor the JDK. */
public final class MissingClassException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public MissingClassException(String internalName) {
        super("class " + internalName.replace('/', '.') + " is not on the class path");
    }
}
