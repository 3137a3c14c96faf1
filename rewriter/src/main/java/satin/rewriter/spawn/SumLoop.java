package satin.rewriter.spawn;

import static org.objectweb.asm.Opcodes.*;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.IincInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.VarInsnNode;

/**
 * javac's loop adding every element of a local array to a local, in the element's type, in one of its two shapes:
 * <pre>
 *   for (long x : c) total += x;                        // aload c; astore t; aload t; arraylength; istore n; ...
 *   for (int j = 0; j < c.length; j++) total += c[j];   // iconst_0; istore j; ...; aload c; arraylength; ...
 * </pre>
 * ({@code total = total + x} and {@code total = x + total} are the same code.) The loop is the instructions from
 * {@link #first} to the back edge {@link #last}; the loop's test leaves to the instruction after {@link #last}.
 *
 * @param first   the loop's first instruction
 * @param last    its back edge ({@code goto} the test)
 * @param total   the local the elements are added to
 * @param temps   the loop's own locals (the array copy and length of the first shape, the index, the element)
 */
public record SumLoop(AbstractInsnNode first, JumpInsnNode last, int total, List<Integer> temps) {

    /** Whether {@code insn} lies within the loop. */
    boolean contains(InsnList insns, AbstractInsnNode insn) {
        int at = insns.indexOf(insn);
        return at >= insns.indexOf(first) && at <= insns.indexOf(last);
    }

    /**
     * Whether the loop is entered only at its start (no jump from outside into it, no handler starting, ending or
     * inside it) and its own locals are dead where it ends, so the loop can be replaced by the addition alone.
     */
    boolean enteredOnlyAtStartAndLocalsDeadAfter(MethodNode method, SummedArray.Flow flow) {
        InsnList insns = method.instructions;
        int from = insns.indexOf(first);
        int to = insns.indexOf(last);
        if (!flow.enteredOnlyAtStart(from, to)) {
            return false;
        }
        for (int temp : temps) {
            if (flow.readBeforeWritten(to + 1, temp)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Where a summing loop would start if {@code load}, a load of the array, were its first: the load itself (the
     * for-each shape) or, for the index shape, whose first load of the array is its bound, three real instructions
     * earlier. Null if there are not that many.
     */
    static AbstractInsnNode startOf(AbstractInsnNode load) {
        if (load.getNext().getOpcode() == ASTORE) {
            return load;
        }
        AbstractInsnNode start = load;
        for (int back = 0; back < 3 && start != null; back++) {
            start = CountedLoops.previousReal(start);
        }
        return start;
    }

    /** The summing loop of array {@code local} starting at {@code start}, or null. */
    static SumLoop match(MethodNode method, AbstractInsnNode start, int local, Type element) {
        SumLoop loop = forEach(start, local, element);
        return loop != null ? loop : indexed(start, local, element);
    }

    private static SumLoop forEach(AbstractInsnNode start, int local, Type element) {
        Pattern p = new Pattern(start, local);
        if (!(p.var(ALOAD, "c") && p.var(ASTORE, "t") && p.var(ALOAD, "t") && p.op(ARRAYLENGTH) && p.var(ISTORE, "n")
                && p.op(ICONST_0) && p.var(ISTORE, "j") && p.head() && p.var(ILOAD, "j") && p.var(ILOAD, "n")
                && p.exitTest() && p.var(ALOAD, "t") && p.var(ILOAD, "j") && p.op(element.getOpcode(IALOAD))
                && p.var(element.getOpcode(ISTORE), "x") && p.addition(element, "x")
                && p.var(element.getOpcode(ISTORE), "s") && p.increment("j") && p.backEdge())) {
            return null;
        }
        return p.loop(List.of("t", "n", "j", "x"));
    }

    private static SumLoop indexed(AbstractInsnNode start, int local, Type element) {
        Pattern p = new Pattern(start, local);
        if (!(p.op(ICONST_0) && p.var(ISTORE, "j") && p.head() && p.var(ILOAD, "j") && p.var(ALOAD, "c")
                && p.op(ARRAYLENGTH) && p.exitTest() && p.var(element.getOpcode(ILOAD), "s") && p.var(ALOAD, "c")
                && p.var(ILOAD, "j") && p.op(element.getOpcode(IALOAD)) && p.op(element.getOpcode(IADD))
                && p.var(element.getOpcode(ISTORE), "s") && p.increment("j") && p.backEdge())) {
            return null;
        }
        return p.loop(List.of("j"));
    }

    /**
     * A cursor over real instructions binding the names of locals: {@code "c"} is the array, other names are bound
     * by their first use and must name distinct locals.
     */
    private static final class Pattern {

        private final AbstractInsnNode first;
        private final Map<String, Integer> locals = new HashMap<>();
        private AbstractInsnNode at;
        private AbstractInsnNode head;
        private LabelNode exit;
        private JumpInsnNode back;

        Pattern(AbstractInsnNode start, int array) {
            this.first = start;
            this.at = start;
            locals.put("c", array);
        }

        private AbstractInsnNode take() {
            at = CountedLoops.real(at);
            AbstractInsnNode taken = at;
            if (at != null) {
                at = at.getNext();
            }
            return taken;
        }

        boolean op(int opcode) {
            AbstractInsnNode insn = take();
            return insn != null && insn.getOpcode() == opcode;
        }

        boolean var(int opcode, String name) {
            AbstractInsnNode insn = take();
            return insn instanceof VarInsnNode var && var.getOpcode() == opcode && bind(name, var.var);
        }

        private boolean bind(String name, int slot) {
            Integer bound = locals.get(name);
            if (bound != null) {
                return bound == slot;
            }
            if (locals.containsValue(slot)) {
                return false;
            }
            locals.put(name, slot);
            return true;
        }

        /** Marks the loop's test: the next real instruction, which the back edge must reach. */
        boolean head() {
            at = CountedLoops.real(at);
            head = at;
            return at != null;
        }

        boolean exitTest() {
            AbstractInsnNode insn = take();
            if (insn instanceof JumpInsnNode jump && jump.getOpcode() == IF_ICMPGE) {
                exit = jump.label;
                return true;
            }
            return false;
        }

        /** {@code load s; load x; add} or {@code load x; load s; add}. */
        boolean addition(Type element, String addend) {
            AbstractInsnNode a = take();
            AbstractInsnNode b = take();
            if (!(a instanceof VarInsnNode va && b instanceof VarInsnNode vb)
                    || va.getOpcode() != element.getOpcode(ILOAD) || vb.getOpcode() != va.getOpcode()) {
                return false;
            }
            boolean sumFirst = bind("s", va.var) && bind(addend, vb.var);
            boolean ok = sumFirst || (locals.get("s") == null ? bind(addend, va.var) && bind("s", vb.var)
                    : locals.get("s") == vb.var && locals.get(addend) == va.var);
            return ok && op(element.getOpcode(IADD));
        }

        boolean increment(String name) {
            AbstractInsnNode insn = take();
            return insn instanceof IincInsnNode iinc && iinc.incr == 1 && bind(name, iinc.var);
        }

        /** The back edge: a {@code goto} to the test, directly followed by where the test leaves to. */
        boolean backEdge() {
            AbstractInsnNode insn = take();
            if (!(insn instanceof JumpInsnNode jump) || jump.getOpcode() != GOTO || CountedLoops.real(jump.label) != head
                    || CountedLoops.real(exit) != CountedLoops.real(jump.getNext())) {
                return false;
            }
            back = jump;
            return true;
        }

        SumLoop loop(List<String> temps) {
            return new SumLoop(first, back, locals.get("s"), temps.stream().map(locals::get).toList());
        }
    }
}
