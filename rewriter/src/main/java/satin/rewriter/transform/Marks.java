package satin.rewriter.transform;

import java.util.List;
import org.objectweb.asm.AnnotationVisitor;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.tree.AnnotationNode;
import org.objectweb.asm.tree.ClassNode;
import satin.contract.ContractNames;

/** The {@code @Rewritten} mark that makes rewriting idempotent. */
public final class Marks {

    /** Version of the rewriter/runtime entry contract this rewriter emits. */
    public static final int CONTRACT_VERSION = ContractNames.VERSION;

    private Marks() {
    }

    public static void mark(ClassVisitor cv) {
        AnnotationVisitor av = cv.visitAnnotation(RecordClassGenerator.REWRITTEN, false);
        av.visit(ContractNames.REWRITTEN_VERSION, CONTRACT_VERSION);
        av.visitEnd();
    }

    public static boolean isMarked(ClassNode node) {
        return has(node.invisibleAnnotations) || has(node.visibleAnnotations);
    }

    private static boolean has(List<AnnotationNode> annotations) {
        return annotations != null
                && annotations.stream().anyMatch(a -> a.desc.equals(RecordClassGenerator.REWRITTEN));
    }
}
