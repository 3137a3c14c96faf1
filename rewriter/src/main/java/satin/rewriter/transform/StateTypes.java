package satin.rewriter.transform;

import static org.objectweb.asm.Opcodes.*;

import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.analysis.Analyzer;
import org.objectweb.asm.tree.analysis.AnalyzerException;
import org.objectweb.asm.tree.analysis.BasicInterpreter;
import org.objectweb.asm.tree.analysis.BasicValue;
import org.objectweb.asm.tree.analysis.Frame;
import satin.rewriter.hierarchy.ClassHierarchy;

/**
 * The verifier's types of a method's locals and operand stack before each instruction: what the fast method must
 * hand to the slow method when it leaves at a spawn ({@link SlowMethod}), and what the slow method must cast each
 * value back to so that its code verifies.
 *
 * <p>An ASM {@link Analyzer} with {@link BasicInterpreter}'s rules, except that references keep their class (from
 * descriptors, {@code checkcast}, {@code new}, array elements) and two classes merge to their common superclass from
 * the rewriter's {@link ClassHierarchy}, as the JVM's verifier merges them (interfaces merge to {@code Object}).
 * {@code null} has a type of its own ({@link #NULL}), which merges into any reference.
 */
final class StateTypes extends BasicInterpreter {

    /** The type of the constant {@code null}. */
    static final BasicValue NULL = new BasicValue(Type.getObjectType("null"));

    private final ClassHierarchy hierarchy;

    private StateTypes(ClassHierarchy hierarchy) {
        super(ASM9);
        this.hierarchy = hierarchy;
    }

    /** The frames of {@code method} of class {@code owner}, by instruction index; null if it cannot be analysed. */
    static Frame<BasicValue>[] of(ClassHierarchy hierarchy, String owner, MethodNode method) {
        try {
            return new Analyzer<>(new StateTypes(hierarchy)).analyze(owner, method);
        } catch (AnalyzerException | RuntimeException e) {
            return null; // the method keeps the shape without a slow method (see MethodTransformer)
        }
    }

    /** Whether {@code value} is a reference (an object, an array or {@code null}). */
    static boolean isReference(BasicValue value) {
        Type type = value.getType();
        return type != null && (type.getSort() == Type.OBJECT || type.getSort() == Type.ARRAY);
    }

    @Override
    public BasicValue newValue(Type type) {
        if (type != null && (type.getSort() == Type.OBJECT || type.getSort() == Type.ARRAY)) {
            return new BasicValue(type);
        }
        return super.newValue(type);
    }

    @Override
    public BasicValue newOperation(AbstractInsnNode insn) throws AnalyzerException {
        return insn.getOpcode() == ACONST_NULL ? NULL : super.newOperation(insn);
    }

    @Override
    public BasicValue binaryOperation(AbstractInsnNode insn, BasicValue array, BasicValue index)
            throws AnalyzerException {
        if (insn.getOpcode() == AALOAD) {
            Type type = array.getType();
            return type.getSort() == Type.ARRAY ? newValue(Type.getType(type.getDescriptor().substring(1))) : NULL;
        }
        return super.binaryOperation(insn, array, index);
    }

    @Override
    public BasicValue merge(BasicValue a, BasicValue b) {
        if (a.equals(b)) {
            return a;
        }
        if (!isReference(a) || !isReference(b)) {
            return BasicValue.UNINITIALIZED_VALUE;
        }
        if (a.equals(NULL)) {
            return b;
        }
        if (b.equals(NULL)) {
            return a;
        }
        return new BasicValue(commonType(a.getType(), b.getType()));
    }

    private Type commonType(Type a, Type b) {
        if (a.getSort() == Type.OBJECT && b.getSort() == Type.OBJECT) {
            return Type.getObjectType(hierarchy.commonSuperClass(a.getInternalName(), b.getInternalName()));
        }
        if (a.getSort() == Type.ARRAY && b.getSort() == Type.ARRAY && a.getDimensions() == b.getDimensions()
                && a.getElementType().getSort() == Type.OBJECT && b.getElementType().getSort() == Type.OBJECT) {
            String element = hierarchy.commonSuperClass(a.getElementType().getInternalName(),
                    b.getElementType().getInternalName());
            return Type.getType("[".repeat(a.getDimensions()) + Type.getObjectType(element).getDescriptor());
        }
        return Type.getObjectType("java/lang/Object");
    }
}
