package satin.rewriter.diagnostic;

import java.util.ArrayList;
import java.util.List;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.LineNumberNode;
import org.objectweb.asm.tree.MethodNode;

/** Collects the diagnostics about one class, so that all of them are reported together. */
public final class Findings {

    private final String className;
    private final String sourceFile;
    private final List<Diagnostic> diagnostics = new ArrayList<>();

    public Findings(String internalClassName, String sourceFile) {
        this.className = SourceNames.type(internalClassName);
        this.sourceFile = sourceFile;
    }

    public void error(MethodNode method, int line, String message) {
        add(Diagnostic.Severity.ERROR, method, line, message);
    }

    public void warning(MethodNode method, int line, String message) {
        add(Diagnostic.Severity.WARNING, method, line, message);
    }

    private void add(Diagnostic.Severity severity, MethodNode method, int line, String message) {
        diagnostics.add(new Diagnostic(severity, className, method == null ? null : method.name, sourceFile, line,
                message));
    }

    public boolean hasErrors() {
        return diagnostics.stream().anyMatch(Diagnostic::isError);
    }

    public List<Diagnostic> diagnostics() {
        return List.copyOf(diagnostics);
    }

    /** The source line of {@code insn}: the nearest line-number entry before it, or -1. */
    public static int lineOf(AbstractInsnNode insn) {
        for (AbstractInsnNode n = insn; n != null; n = n.getPrevious()) {
            if (n instanceof LineNumberNode line) {
                return line.line;
            }
        }
        return -1;
    }

    /** The first source line of a method, or -1. */
    public static int firstLine(MethodNode method) {
        for (AbstractInsnNode n : method.instructions) {
            if (n instanceof LineNumberNode line) {
                return line.line;
            }
        }
        return -1;
    }
}
