package satin.rewriter.transform;

import java.util.List;
import java.util.Optional;
import org.objectweb.asm.AnnotationVisitor;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.tree.AnnotationNode;
import org.objectweb.asm.tree.ClassNode;
import satin.contract.ContractNames;

/**
 * The {@code @Rewritten} mark: the contract version the class was made for and the rewriter's output format. A class
 * marked with this rewriter's {@link #FORMAT} is left alone (idempotence); one marked with another format was made
 * by another rewriter and is rewritten again from the original it carries ({@link OriginalClassFile}).
 */
public final class Marks {

    /** Version of the rewriter/runtime entry contract this rewriter emits. */
    public static final int CONTRACT_VERSION = ContractNames.VERSION;

    /**
     * The output format of this rewriter: raise it with every change of the code it emits (a method's shape, a
     * record's, what a poll calls), so that class files an earlier rewriter made are rewritten again instead of
     * kept. {@code FormatVersionTest} fails when the output for its reference class changes and this did not.
     * Marks made before formats were recorded read as 0.
     */
    public static final int FORMAT = 4;

    private Marks() {
    }

    public static void mark(ClassVisitor cv) {
        AnnotationVisitor av = cv.visitAnnotation(RecordClassGenerator.REWRITTEN, false);
        av.visit(ContractNames.REWRITTEN_VERSION, CONTRACT_VERSION);
        av.visit(ContractNames.REWRITTEN_FORMAT, FORMAT);
        av.visitEnd();
    }

    public static boolean isMarked(ClassNode node) {
        return mark(node).isPresent();
    }

    /** The output format of a marked class (0 for a mark without one), or empty for a class without the mark. */
    public static Optional<Integer> format(ClassNode node) {
        return mark(node).map(mark -> {
            List<Object> values = mark.values;
            for (int i = 0; values != null && i + 1 < values.size(); i += 2) {
                if (ContractNames.REWRITTEN_FORMAT.equals(values.get(i)) && values.get(i + 1) instanceof Integer f) {
                    return f;
                }
            }
            return 0;
        });
    }

    private static Optional<AnnotationNode> mark(ClassNode node) {
        return find(node.invisibleAnnotations).or(() -> find(node.visibleAnnotations));
    }

    private static Optional<AnnotationNode> find(List<AnnotationNode> annotations) {
        return annotations == null ? Optional.empty()
                : annotations.stream().filter(a -> a.desc.equals(RecordClassGenerator.REWRITTEN)).findFirst();
    }
}
