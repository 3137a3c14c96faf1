package satin.rewriter.transform;

import static org.objectweb.asm.Opcodes.*;

import java.util.List;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.IntInsnNode;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.VarInsnNode;
import org.objectweb.asm.tree.analysis.BasicValue;
import org.objectweb.asm.tree.analysis.Frame;
import satin.rewriter.spawn.SpawnSite;
import satin.rewriter.spawn.SummedArray;

/**
 * The fast copies' form of the arrays of spawn results a method only sums ({@link SummedArray}): no array at all.
 *
 * <p>In a fast copy every spawn is a plain call whose result is known when it returns, so instead of
 * {@code c = new long[n]}, {@code c[i] = call(...)}, {@code c.length} and the summing loop, the copy keeps the length, an accumulator
 * and the index last stored ({@code c} itself holds {@code null}): the allocation checks the length as
 * {@code new long[n]} would, each store checks its index against the length (an index out of range throws what the
 * store would have thrown, with the same message, from a real array made for the purpose) and adds the result to the
 * accumulator, and the summing loop becomes {@code total += acc}. Where the copy leaves for the slow method while the
 * array is in scope, it first makes the array: {@code new long[n]} with the accumulator in the element stored last,
 * which by {@link SummedArray}'s conditions has the sum of the original array's elements after every later store,
 * and that array replaces {@code c} in the locals and, at a spawn into it, the array operand on the stack.
 *
 * <p>Why: for a tree of small jobs such as UTS, the array (allocated and zeroed at every interior node, written,
 * kept live across the children's calls and read back by the loop) is the largest cost of the spawning version over
 * the sequential walk that adds each child's count as it returns. The slow method keeps the array as written.
 *
 * <p>Locals: per array, from the first slot given, the length (one slot), the index last stored (one) and the
 * accumulator and a spare for the value being stored (the element's size each), all above the original method's
 * locals and below the slots the exits use for the operand stack.
 */
final class DeferredArrays {

    private final List<SummedArray> arrays;
    private final int[] base;
    private final int slots;

    DeferredArrays(List<SummedArray> arrays, int firstFree) {
        this.arrays = List.copyOf(arrays);
        this.base = new int[arrays.size()];
        int next = firstFree;
        for (int k = 0; k < arrays.size(); k++) {
            base[k] = next;
            next += 2 + 2 * arrays.get(k).element().getSize();
        }
        this.slots = next - firstFree;
    }

    /** The number of local slots the copies' form needs. */
    int slots() {
        return slots;
    }

    private int length(int k) {
        return base[k];
    }

    private int last(int k) {
        return base[k] + 1;
    }

    private int accumulator(int k) {
        return base[k] + 2;
    }

    private int value(int k) {
        return base[k] + 2 + arrays.get(k).element().getSize();
    }

    /**
     * The code an exit of a fast copy runs before it packs the state {@code frame}: the array of every summed array in
     * scope there (its local has a type), made from the length and the accumulator. Uses locals only: the operand
     * stack is left as it is.
     */
    InsnList materialize(Frame<BasicValue> frame) {
        InsnList code = new InsnList();
        for (int k = 0; k < arrays.size(); k++) {
            SummedArray array = arrays.get(k);
            if (array.local() >= frame.getLocals() || frame.getLocal(array.local()).getType() == null) {
                continue;
            }
            Type element = array.element();
            LabelNode stored = new LabelNode();
            code.add(new VarInsnNode(ILOAD, length(k)));
            code.add(new IntInsnNode(NEWARRAY, array.allocation().operand));
            code.add(new VarInsnNode(ASTORE, array.local()));
            code.add(new VarInsnNode(ILOAD, last(k)));
            code.add(new JumpInsnNode(IFLT, stored));
            code.add(new VarInsnNode(ALOAD, array.local()));
            code.add(new VarInsnNode(ILOAD, last(k)));
            code.add(new VarInsnNode(element.getOpcode(ILOAD), accumulator(k)));
            code.add(new InsnNode(element.getOpcode(IASTORE)));
            code.add(stored);
        }
        return code;
    }

    /**
     * At an exit where {@code site} is to be queued, after the operand stack was saved into {@code stackSlots} (bottom
     * first): puts the array {@link #materialize} made in place of the {@code null} array operand of a spawn into it.
     */
    InsnList replaceOperand(SpawnSite site, List<Integer> stackSlots) {
        InsnList code = new InsnList();
        for (SummedArray array : arrays) {
            if (array.sites().contains(site)) {
                code.add(new VarInsnNode(ALOAD, array.local()));
                code.add(new VarInsnNode(ASTORE, stackSlots.get(stackSlots.size() - site.callOperands() - 2)));
            }
        }
        return code;
    }

    /** Gives {@code copy} the form of the class comment: allocations, stores and summing loops. */
    void rewrite(FastCopy copy) {
        for (int k = 0; k < arrays.size(); k++) {
            SummedArray array = arrays.get(k);
            AbstractInsnNode allocation = copy.copyOf(array.allocation());
            if (allocation == null) {
                continue; // not reached in this copy: nor are its stores and sum
            }
            InsnList code = copy.code();
            AbstractInsnNode assignment = allocation.getNext(); // the astore: SummedArray found the two adjacent
            code.insert(assignment, allocate(k));
            code.remove(assignment);
            code.remove(allocation);
            for (VarInsnNode load : array.lengths()) {
                AbstractInsnNode copied = copy.copyOf(load);
                if (copied != null) {
                    code.remove(copied.getNext()); // the arraylength
                    code.set(copied, new VarInsnNode(ILOAD, length(k)));
                }
            }
            for (SpawnSite site : array.sites()) {
                AbstractInsnNode store = copy.copyOf(site.store());
                if (store != null) {
                    code.insert(store, accumulate(k));
                    code.remove(store);
                }
            }
            AbstractInsnNode first = copy.copyOf(array.sum().first());
            AbstractInsnNode last = copy.copyOf(array.sum().last());
            if (first != null && last != null) {
                code.insertBefore(first, addAccumulator(k));
                AbstractInsnNode insn = first;
                while (insn != null) {
                    AbstractInsnNode next = insn == last ? null : insn.getNext();
                    if (insn.getOpcode() >= 0) {
                        code.remove(insn);
                    }
                    insn = next;
                }
            }
        }
    }

    /** {@code [len] -> []}: keeps the length, throws as {@code new T[len]} does for a negative one, clears the rest. */
    private InsnList allocate(int k) {
        SummedArray array = arrays.get(k);
        Type element = array.element();
        InsnList code = new InsnList();
        LabelNode valid = new LabelNode();
        code.add(new InsnNode(DUP));
        code.add(new VarInsnNode(ISTORE, length(k)));
        code.add(new JumpInsnNode(IFGE, valid));
        code.add(new VarInsnNode(ILOAD, length(k)));
        code.add(new IntInsnNode(NEWARRAY, array.allocation().operand)); // throws NegativeArraySizeException
        code.add(new InsnNode(POP));
        code.add(new InsnNode(ACONST_NULL));
        code.add(new InsnNode(ATHROW));
        code.add(valid);
        code.add(new InsnNode(ACONST_NULL));
        code.add(new VarInsnNode(ASTORE, array.local()));
        code.add(new InsnNode(element.getSize() == 2 ? LCONST_0 : ICONST_0));
        code.add(new VarInsnNode(element.getOpcode(ISTORE), accumulator(k)));
        code.add(new InsnNode(ICONST_M1));
        code.add(new VarInsnNode(ISTORE, last(k)));
        return code;
    }

    /** {@code [null, i, v] -> []}: the checked store of the class comment. */
    private InsnList accumulate(int k) {
        SummedArray array = arrays.get(k);
        Type element = array.element();
        InsnList code = new InsnList();
        LabelNode outOfRange = new LabelNode();
        LabelNode done = new LabelNode();
        code.add(new VarInsnNode(element.getOpcode(ISTORE), value(k)));
        code.add(new InsnNode(DUP));
        code.add(new JumpInsnNode(IFLT, outOfRange));
        code.add(new InsnNode(DUP));
        code.add(new VarInsnNode(ILOAD, length(k)));
        code.add(new JumpInsnNode(IF_ICMPGE, outOfRange));
        code.add(new VarInsnNode(ISTORE, last(k)));
        code.add(new InsnNode(POP));
        code.add(new VarInsnNode(element.getOpcode(ILOAD), accumulator(k)));
        code.add(new VarInsnNode(element.getOpcode(ILOAD), value(k)));
        code.add(new InsnNode(element.getOpcode(IADD)));
        code.add(new VarInsnNode(element.getOpcode(ISTORE), accumulator(k)));
        code.add(new JumpInsnNode(GOTO, done));
        code.add(outOfRange);
        code.add(new InsnNode(SWAP));
        code.add(new InsnNode(POP));
        code.add(new VarInsnNode(ILOAD, length(k)));
        code.add(new IntInsnNode(NEWARRAY, array.allocation().operand));
        code.add(new InsnNode(SWAP));
        code.add(new VarInsnNode(element.getOpcode(ILOAD), value(k)));
        code.add(new InsnNode(element.getOpcode(IASTORE))); // throws ArrayIndexOutOfBoundsException
        code.add(new InsnNode(ACONST_NULL));
        code.add(new InsnNode(ATHROW));
        code.add(done);
        return code;
    }

    /** {@code total += acc}, in place of the summing loop. */
    private InsnList addAccumulator(int k) {
        SummedArray array = arrays.get(k);
        Type element = array.element();
        int total = array.sum().total();
        InsnList code = new InsnList();
        code.add(new VarInsnNode(element.getOpcode(ILOAD), total));
        code.add(new VarInsnNode(element.getOpcode(ILOAD), accumulator(k)));
        code.add(new InsnNode(element.getOpcode(IADD)));
        code.add(new VarInsnNode(element.getOpcode(ISTORE), total));
        return code;
    }
}
