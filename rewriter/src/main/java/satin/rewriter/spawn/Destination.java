package satin.rewriter.spawn;

import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.VarInsnNode;

/**
 * Where a spawn stores its result: nowhere (void), a local variable, an array element, an instance field or a
 * static field. Array and instance-field destinations are captured when the spawn happens (array and index,
 * or object), so later changes of the expressions naming them do not matter, as in a plain Java assignment.
 */
public record Destination(Kind kind, int opcode, int var, String owner, String name, String descriptor) {

    public enum Kind { NONE, LOCAL, ARRAY, FIELD, STATIC }

    public static final Destination NONE = new Destination(Kind.NONE, 0, -1, null, null, null);

    /** The destination written by {@code store}, or {@code null} if it is not a store. */
    public static Destination of(AbstractInsnNode store, Type resultType) {
        int op = store.getOpcode();
        if (op >= Opcodes.ISTORE && op <= Opcodes.ASTORE) {
            return new Destination(Kind.LOCAL, op, ((VarInsnNode) store).var, null, null, null);
        }
        if (op >= Opcodes.IASTORE && op <= Opcodes.SASTORE && store instanceof InsnNode) {
            return new Destination(Kind.ARRAY, op, -1, null, null, arrayDescriptor(op, resultType));
        }
        if (op == Opcodes.PUTFIELD || op == Opcodes.PUTSTATIC) {
            FieldInsnNode f = (FieldInsnNode) store;
            return new Destination(op == Opcodes.PUTFIELD ? Kind.FIELD : Kind.STATIC, op, -1, f.owner, f.name, f.desc);
        }
        return null;
    }

    /** The array type a record keeps; reference arrays are kept as Object[] (arrays are covariant). */
    private static String arrayDescriptor(int op, Type resultType) {
        return switch (op) {
            case Opcodes.IASTORE -> "[I";
            case Opcodes.LASTORE -> "[J";
            case Opcodes.FASTORE -> "[F";
            case Opcodes.DASTORE -> "[D";
            case Opcodes.CASTORE -> "[C";
            case Opcodes.SASTORE -> "[S";
            case Opcodes.BASTORE -> resultType.getSort() == Type.BOOLEAN ? "[Z" : "[B";
            default -> "[Ljava/lang/Object;";
        };
    }

    /** Number of operand-stack values below the call's receiver that the store consumes. */
    public int capturedValues() {
        return switch (kind) {
            case ARRAY -> 2;
            case FIELD -> 1;
            default -> 0;
        };
    }

    /** Local-variable slots written by a local destination. */
    public int localSize() {
        return opcode == Opcodes.LSTORE || opcode == Opcodes.DSTORE ? 2 : 1;
    }

    /** The zero-value constant of a local destination's type. */
    public int zeroOpcode() {
        return switch (opcode) {
            case Opcodes.LSTORE -> Opcodes.LCONST_0;
            case Opcodes.FSTORE -> Opcodes.FCONST_0;
            case Opcodes.DSTORE -> Opcodes.DCONST_0;
            case Opcodes.ASTORE -> Opcodes.ACONST_NULL;
            default -> Opcodes.ICONST_0;
        };
    }
}
