package satin.rewriter.spawn;

import static org.objectweb.asm.Opcodes.*;

import java.util.HashSet;
import java.util.Optional;
import java.util.Set;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.FrameNode;
import org.objectweb.asm.tree.IntInsnNode;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.LineNumberNode;
import org.objectweb.asm.tree.TypeInsnNode;
import org.objectweb.asm.tree.VarInsnNode;

/**
 * The condition of a conditional branch, recognised so that a later branch on the same condition can be known to
 * go the same way. A condition is a comparison ({@code if (i < THRESHOLD)}, {@code if (n > 1)},
 * {@code if (flag)}, {@code if (a.length >= 2)}, {@code if (x == null)}) whose operands are computed right before
 * the branch by side-effect-free instructions over locals, constants and {@linkplain StableFields stable fields}
 * (arithmetic, comparisons of longs and floating-point values, conversions, array lengths, {@code instanceof}). Two
 * branches have the same condition when they compare the same expression the same way, in either direction
 * ({@code if (i < T)} jumps when {@code i >= T} holds, {@code if (i >= T)} when {@code i < T} does).
 *
 * <p>The expression must be the instructions immediately before the branch, with no jump target among them, so
 * the values it reads are those of the locals and fields at the branch. Whether those values are still the same at
 * a later branch is the caller's business: it drops what it knows about a condition when the method stores into a
 * local or a field the condition reads ({@link #locals()}, {@link #fields()}).
 *
 * @param key    the canonical text of the comparison, equal for equal conditions
 * @param taken  the truth of {@code key} when the branch jumps (it is false on the fall-through path)
 * @param locals the local variable slots the condition reads (both slots of a long or double)
 * @param fields the fields it reads ({@code name:descriptor})
 */
public record BranchCondition(String key, boolean taken, Set<Integer> locals, Set<String> fields) {

    /** An operand expression: its canonical text, its first instruction and what it reads. */
    private record Expr(String text, AbstractInsnNode start, Set<Integer> locals, Set<String> fields) {
    }

    /** The condition of {@code jump}, if it is recognised. */
    public static Optional<BranchCondition> of(JumpInsnNode jump, Set<LabelNode> jumpTargets, StableFields stable) {
        String relation;
        boolean taken;
        int operands;
        switch (jump.getOpcode()) {
            case IFEQ, IFNE -> { relation = "==0"; taken = jump.getOpcode() == IFEQ; operands = 1; }
            case IFLT, IFGE -> { relation = "<0"; taken = jump.getOpcode() == IFLT; operands = 1; }
            case IFGT, IFLE -> { relation = ">0"; taken = jump.getOpcode() == IFGT; operands = 1; }
            case IFNULL, IFNONNULL -> { relation = "null"; taken = jump.getOpcode() == IFNULL; operands = 1; }
            case IF_ICMPEQ, IF_ICMPNE -> { relation = "=="; taken = jump.getOpcode() == IF_ICMPEQ; operands = 2; }
            case IF_ICMPLT, IF_ICMPGE -> { relation = "<"; taken = jump.getOpcode() == IF_ICMPLT; operands = 2; }
            case IF_ICMPGT, IF_ICMPLE -> { relation = ">"; taken = jump.getOpcode() == IF_ICMPGT; operands = 2; }
            case IF_ACMPEQ, IF_ACMPNE -> { relation = "same"; taken = jump.getOpcode() == IF_ACMPEQ; operands = 2; }
            default -> {
                return Optional.empty();
            }
        }
        Parser parser = new Parser(jumpTargets, stable);
        Expr right = parser.value(parser.before(jump));
        if (right == null) {
            return Optional.empty();
        }
        String text;
        Set<Integer> locals = new HashSet<>(right.locals());
        Set<String> fields = new HashSet<>(right.fields());
        if (operands == 1) {
            text = relation + "(" + right.text() + ")";
        } else {
            Expr left = parser.value(parser.before(right.start()));
            if (left == null) {
                return Optional.empty();
            }
            locals.addAll(left.locals());
            fields.addAll(left.fields());
            text = relation + "(" + left.text() + "," + right.text() + ")";
        }
        return Optional.of(new BranchCondition(text, taken, Set.copyOf(locals), Set.copyOf(fields)));
    }

    /** Reads operand expressions backwards from the branch. */
    private record Parser(Set<LabelNode> jumpTargets, StableFields stable) {

        /** The instruction executed right before {@code insn}, or null if control may also arrive otherwise. */
        AbstractInsnNode before(AbstractInsnNode insn) {
            for (AbstractInsnNode p = insn == null ? null : insn.getPrevious(); p != null; p = p.getPrevious()) {
                if (p instanceof LabelNode label) {
                    if (jumpTargets.contains(label)) {
                        return null;
                    }
                } else if (!(p instanceof LineNumberNode) && !(p instanceof FrameNode)) {
                    return p;
                }
            }
            return null;
        }

        /** The expression whose value {@code insn} pushes, or null if it is not a recognised pure expression. */
        Expr value(AbstractInsnNode insn) {
            if (insn == null) {
                return null;
            }
            int op = insn.getOpcode();
            if (op >= ILOAD && op <= ALOAD) {
                int var = ((VarInsnNode) insn).var;
                Set<Integer> slots = op == LLOAD || op == DLOAD ? Set.of(var, var + 1) : Set.of(var);
                return new Expr("L" + var, insn, slots, Set.of());
            }
            if (op >= ACONST_NULL && op <= DCONST_1) {
                return leaf("K" + op, insn);
            }
            if (op == BIPUSH || op == SIPUSH) {
                return leaf("I" + ((IntInsnNode) insn).operand, insn);
            }
            if (op == LDC) {
                Object c = ((LdcInsnNode) insn).cst;
                return leaf("C" + c.getClass().getSimpleName() + ":" + c, insn);
            }
            if (op == GETSTATIC) {
                FieldInsnNode f = (FieldInsnNode) insn;
                return stable.isStable(f) ? new Expr("S" + f.owner + "." + f.name, insn, Set.of(),
                        Set.of(f.name + ':' + f.desc)) : null;
            }
            if (op == GETFIELD) {
                FieldInsnNode f = (FieldInsnNode) insn;
                Expr object = stable.isStable(f) ? value(before(insn)) : null;
                return object == null ? null : unary(object, "F" + f.owner + "." + f.name, Set.of(f.name + ':' + f.desc));
            }
            if (op == ARRAYLENGTH || (op >= INEG && op <= DNEG) || (op >= I2L && op <= I2S)) {
                Expr operand = value(before(insn));
                return operand == null ? null : unary(operand, "U" + op, Set.of());
            }
            if (op == INSTANCEOF) {
                Expr operand = value(before(insn));
                return operand == null ? null : unary(operand, "T" + ((TypeInsnNode) insn).desc, Set.of());
            }
            if ((op >= IADD && op <= DREM) || (op >= ISHL && op <= LXOR) || (op >= LCMP && op <= DCMPG)) {
                Expr right = value(before(insn));
                Expr left = right == null ? null : value(before(right.start()));
                if (left == null) {
                    return null;
                }
                Set<Integer> locals = new HashSet<>(left.locals());
                locals.addAll(right.locals());
                Set<String> fields = new HashSet<>(left.fields());
                fields.addAll(right.fields());
                return new Expr("B" + op + "(" + left.text() + "," + right.text() + ")", left.start(), locals, fields);
            }
            return null;
        }

        private static Expr leaf(String text, AbstractInsnNode insn) {
            return new Expr(text, insn, Set.of(), Set.of());
        }

        private static Expr unary(Expr operand, String op, Set<String> extraFields) {
            Set<String> fields = new HashSet<>(operand.fields());
            fields.addAll(extraFields);
            return new Expr(op + "(" + operand.text() + ")", operand.start(), operand.locals(), fields);
        }
    }
}
