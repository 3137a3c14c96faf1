package satin.rewriter.spawn;

import static org.objectweb.asm.Opcodes.*;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.IincInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.IntInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TryCatchBlockNode;
import org.objectweb.asm.tree.VarInsnNode;
import org.objectweb.asm.tree.analysis.Analyzer;
import org.objectweb.asm.tree.analysis.AnalyzerException;
import org.objectweb.asm.tree.analysis.Frame;
import org.objectweb.asm.tree.analysis.SourceInterpreter;
import org.objectweb.asm.tree.analysis.SourceValue;

/**
 * A local array that a method fills with spawn results only to add them up:
 * <pre>
 *   long[] c = new long[n];
 *   for (int i = 0; i < n; i++) { c[i] = spawn(...); }
 *   sync();
 *   for (long x : c) { total += x; }      // or: for (int j = 0; j < c.length; j++) total += c[j];
 * </pre>
 * In the fast copies, where every spawn is a plain call, such an array need not exist: each result can be added to
 * an accumulator as it returns and the summing loop becomes one addition ({@code transform.DeferredArrays}); the array
 * is made only where the fast path leaves for the slow method, holding the accumulator in the element stored last.
 *
 * <p>Why that computes what the original computes, under the conditions this class checks:
 * <ol>
 *   <li>the local is assigned once, by {@code new long[len]} or {@code new int[len]}, and is not a parameter;</li>
 *   <li>every load of it is the array operand of a spawn site storing the call's result into it (the load
 *       followed by the index's load, the two still in place at the call, nothing in between jumping out or
 *       duplicating them), or a read of its length, or part of the one summing loop;</li>
 *   <li>the summing loop is javac's loop over every element ({@code for (x : c)} or {@code j < c.length}), adding
 *       each element, in the element's type, to one local, and the loop's own locals are dead after it: what the
 *       program sees of the array is the sum of its final elements, and integer addition (wrapping included) does not
 *       depend on order;</li>
 *   <li>every store writes an element no earlier store into the same array wrote: all stores take their index from
 *       one local which, once an index has been taken from it, is only ever increased ({@code iinc} by a positive
 *       constant), and increased before the next index is taken. So the sum of the final elements is the sum of every
 *       value stored, which is what the accumulator holds; and every later store lies above the last element stored,
 *       so the array made when the fast path leaves, zero but for the accumulator in that element, has the same sum
 *       after every later store as the original array.</li>
 * </ol>
 * (An index increased past {@code Integer.MAX_VALUE} wraps to a negative value and fails the bounds check; reaching a
 * used index again would take 2^31 more failed stores, each caught by the method itself.)
 *
 * @param local      the array's local
 * @param element    {@link Type#LONG_TYPE} or {@link Type#INT_TYPE}
 * @param allocation the {@code newarray}, directly followed by the {@code astore} of {@link #local}
 * @param index      the local every store takes its index from
 * @param sites      the spawn sites storing into the array
 * @param lengths    the loads of the array directly followed by {@code arraylength} (outside the summing loop)
 * @param sum        the summing loop
 */
public record SummedArray(int local, Type element, IntInsnNode allocation, int index, List<SpawnSite> sites,
                          List<VarInsnNode> lengths, SumLoop sum) {

    /** The arrays of spawn results that {@code method} only sums, at most one per local (see the class comment). */
    public static List<SummedArray> find(MethodNode method, MethodScan scan) {
        List<SummedArray> found = new ArrayList<>();
        if (scan.sites().isEmpty() || hasSubroutines(method)) {
            return found;
        }
        Frame<SourceValue>[] frames;
        try {
            frames = new Analyzer<>(new SourceInterpreter()).analyze("Owner", method);
        } catch (AnalyzerException e) {
            return found;
        }
        int parameters = (Type.getArgumentsAndReturnSizes(method.desc) >> 2) - ((method.access & ACC_STATIC) != 0 ? 1 : 0);
        for (AbstractInsnNode insn : method.instructions) {
            if (insn.getOpcode() == NEWARRAY && insn.getNext() instanceof VarInsnNode store
                    && store.getOpcode() == ASTORE && store.var >= parameters) {
                SummedArray array = match(method, scan, frames, (IntInsnNode) insn, store.var);
                if (array != null) {
                    found.add(array);
                }
            }
        }
        return found;
    }

    private static SummedArray match(MethodNode method, MethodScan scan, Frame<SourceValue>[] frames,
                                     IntInsnNode allocation, int local) {
        Type element = switch (allocation.operand) {
            case T_LONG -> Type.LONG_TYPE;
            case T_INT -> Type.INT_TYPE;
            default -> null;
        };
        if (element == null || writesOf(method, local).size() != 1) {
            return null;
        }
        InsnList insns = method.instructions;
        List<SpawnSite> sites = new ArrayList<>();
        List<VarInsnNode> indexLoads = new ArrayList<>();
        List<VarInsnNode> lengths = new ArrayList<>();
        Flow flow = new Flow(method);
        SumLoop sum = null;
        for (AbstractInsnNode insn : insns) {
            if (insn.getOpcode() != ALOAD || ((VarInsnNode) insn).var != local) {
                continue;
            }
            if (sum != null && sum.contains(insns, insn)) {
                continue;
            }
            AbstractInsnNode loopStart = SumLoop.startOf(insn);
            if (sum == null && loopStart != null) {
                SumLoop loop = SumLoop.match(method, loopStart, local, element);
                if (loop != null) {
                    sum = loop;
                    continue;
                }
            }
            if (insn.getNext().getOpcode() == ARRAYLENGTH) {
                lengths.add((VarInsnNode) insn);
                continue;
            }
            SpawnSite site = storingSite(method, scan, flow, frames, (VarInsnNode) insn, element);
            if (site != null) {
                sites.add(site);
                indexLoads.add((VarInsnNode) CountedLoops.real(insn.getNext()));
                continue;
            }
            return null; // another use of the array: it is more than a sum
        }
        if (sum == null || sites.isEmpty() || !sum.enteredOnlyAtStartAndLocalsDeadAfter(method, flow)) {
            return null;
        }
        int index = indexLoads.get(0).var;
        for (VarInsnNode load : indexLoads) {
            if (load.var != index) {
                return null;
            }
        }
        if (!indexOnlyGrows(method, flow, allocation.getNext(), index, indexLoads)) {
            return null;
        }
        return new SummedArray(local, element, allocation, index, List.copyOf(sites), List.copyOf(lengths), sum);
    }

    /**
     * The site whose call has, as its array operand and index, the values of {@code load} and of the {@code iload}
     * right after it, the two untouched in between; else null.
     */
    private static SpawnSite storingSite(MethodNode method, MethodScan scan, Flow flow, Frame<SourceValue>[] frames,
                                         VarInsnNode load, Type element) {
        AbstractInsnNode next = CountedLoops.real(load.getNext());
        if (next == null || next.getOpcode() != ILOAD) {
            return null;
        }
        InsnList insns = method.instructions;
        int from = insns.indexOf(load);
        int depth = frames[from] == null ? -1 : frames[from].getStackSize();
        for (SpawnSite site : scan.sites()) {
            Destination destination = site.destination();
            int at = insns.indexOf(site.call());
            Frame<SourceValue> frame = frames[at];
            if (destination.kind() != Destination.Kind.ARRAY || at < from || frame == null
                    || destination.opcode() != element.getOpcode(IASTORE) || site.checkcast() != null
                    || CountedLoops.real(site.call().getNext()) != site.store() || !site.resultType().equals(element)) {
                continue;
            }
            int position = frame.getStackSize() - site.callOperands() - 2;
            if (position != depth || !only(frame.getStack(position), load) || !only(frame.getStack(position + 1), next)) {
                continue;
            }
            if (untouchedBetween(method, flow, frames, next, site.call(), depth + 2)) {
                return site;
            }
        }
        return null;
    }

    private static boolean only(SourceValue value, AbstractInsnNode source) {
        return value.insns.size() == 1 && value.insns.contains(source);
    }

    /**
     * Whether the code strictly between {@code indexLoad} and {@code call} keeps the two values below {@code floor}
     * in place: it is entered only at its start and left only at the call (every jump in it targets it, no handler
     * starts, ends or is inside it), never runs below {@code floor}, and copies or swaps nothing within reach of them.
     * Together with the sources at the call this means the array and index at the call are those loaded, once.
     */
    private static boolean untouchedBetween(MethodNode method, Flow flow, Frame<SourceValue>[] frames,
                                            AbstractInsnNode indexLoad, AbstractInsnNode call, int floor) {
        InsnList insns = method.instructions;
        int first = insns.indexOf(indexLoad) + 1;
        int last = insns.indexOf(call);
        if (!flow.enteredOnlyAtStart(first - 1, last - 1)) {
            return false;
        }
        for (int i = first; i < last; i++) {
            AbstractInsnNode insn = insns.get(i);
            Frame<SourceValue> frame = frames[i];
            if (insn.getOpcode() < 0) {
                continue;
            }
            if (frame == null || frame.getStackSize() < floor) {
                return false;
            }
            int op = insn.getOpcode();
            if (op >= POP && op <= SWAP && frame.getStackSize() - 4 < floor) {
                return false;
            }
            for (LabelNode target : JumpTargets.of(insn)) {
                int to = insns.indexOf(target);
                if (to < first || to > last) {
                    return false;
                }
            }
            if (op == ATHROW || (op >= IRETURN && op <= RETURN)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Condition 4 of the class comment: from the first load of an index on, every write of {@code index} that reaches
     * a load of an index before the array is made again is an {@code iinc} by a positive constant (a write that
     * reaches none, such as javac giving the slot to another variable after the loop, does not matter), and every
     * path from one load of an index to the next passes such an increment.
     */
    private static boolean indexOnlyGrows(MethodNode method, Flow flow, AbstractInsnNode assignment, int index,
                                          List<VarInsnNode> loads) {
        InsnList insns = method.instructions;
        int stop = insns.indexOf(assignment);
        BitSet loadAt = new BitSet();
        loads.forEach(load -> loadAt.set(insns.indexOf(load)));
        for (VarInsnNode load : loads) {
            // everything reached from this load before the array is made again
            BitSet reached = flow.reachable(insns.indexOf(load), stop, -1);
            for (int i = reached.nextSetBit(0); i >= 0; i = reached.nextSetBit(i + 1)) {
                AbstractInsnNode insn = insns.get(i);
                if (Flow.writes(insn, index) && !isIncrement(insn, index)
                        && flow.reachable(i, stop, -1).intersects(loadAt)) {
                    return false;
                }
            }
            // every path to a load (this one again included) passes an increment
            BitSet unincremented = flow.reachable(insns.indexOf(load), stop, index);
            if (unincremented.intersects(loadAt)) {
                return false;
            }
        }
        return true;
    }

    private static boolean isIncrement(AbstractInsnNode insn, int index) {
        return insn instanceof IincInsnNode iinc && iinc.var == index && iinc.incr > 0;
    }

    private static List<AbstractInsnNode> writesOf(MethodNode method, int local) {
        List<AbstractInsnNode> writes = new ArrayList<>();
        for (AbstractInsnNode insn : method.instructions) {
            if (Flow.writes(insn, local)) {
                writes.add(insn);
            }
        }
        return writes;
    }

    private static boolean hasSubroutines(MethodNode method) {
        for (AbstractInsnNode insn : method.instructions) {
            if (insn.getOpcode() == JSR || insn.getOpcode() == RET) {
                return true;
            }
        }
        return false;
    }

    /** Control flow by instruction index (normal and exceptional edges), with the small queries the checks need. */
    static final class Flow {

        private final ControlFlow graph;
        private final InsnList insns;
        private final List<TryCatchBlockNode> blocks;

        Flow(MethodNode method) {
            this.graph = new ControlFlow(method);
            this.insns = method.instructions;
            this.blocks = method.tryCatchBlocks;
        }

        /**
         * Whether the code from index {@code lo} to {@code hi} is entered only at {@code lo}: no instruction elsewhere
         * jumps to a label in {@code (lo, hi]}, and no handler starts, ends or is in there.
         */
        boolean enteredOnlyAtStart(int lo, int hi) {
            for (TryCatchBlockNode block : blocks) {
                for (LabelNode label : List.of(block.start, block.end, block.handler)) {
                    int at = insns.indexOf(label);
                    if (at > lo && at <= hi) {
                        return false;
                    }
                }
            }
            for (int at = 0; at < insns.size(); at++) {
                if (at >= lo && at <= hi) {
                    continue;
                }
                for (LabelNode target : JumpTargets.of(insns.get(at))) {
                    int to = insns.indexOf(target);
                    if (to > lo && to <= hi) {
                        return false;
                    }
                }
            }
            return true;
        }

        /**
         * The instructions reached from the successors of {@code from} without passing {@code stop} (it is reached,
         * not passed) and, when {@code incremented} is a local, without passing an {@code iinc} of it by a positive
         * constant.
         */
        BitSet reachable(int from, int stop, int incremented) {
            BitSet seen = new BitSet();
            ArrayDeque<Integer> work = new ArrayDeque<>();
            pushSuccessors(from, work);
            while (!work.isEmpty()) {
                int at = work.poll();
                if (at < 0 || seen.get(at)) {
                    continue;
                }
                seen.set(at);
                if (at == stop || (incremented >= 0 && isIncrement(insns.get(at), incremented))) {
                    continue;
                }
                pushSuccessors(at, work);
            }
            return seen;
        }

        /** Whether some path from {@code from} reads {@code local} before writing it. */
        boolean readBeforeWritten(int from, int local) {
            BitSet seen = new BitSet();
            ArrayDeque<Integer> work = new ArrayDeque<>();
            work.add(from);
            while (!work.isEmpty()) {
                int at = work.poll();
                if (at < 0 || seen.get(at)) {
                    continue;
                }
                seen.set(at);
                AbstractInsnNode insn = insns.get(at);
                if (reads(insn, local)) {
                    return true;
                }
                if (insn instanceof VarInsnNode var && var.var == local && var.getOpcode() >= ISTORE) {
                    continue; // written here: what was there before is dead on this path
                }
                pushSuccessors(at, work);
            }
            return false;
        }

        private void pushSuccessors(int at, ArrayDeque<Integer> work) {
            work.addAll(graph.successors(at));
            work.addAll(graph.handlers(at));
        }

        static boolean writes(AbstractInsnNode insn, int local) {
            if (insn instanceof IincInsnNode iinc) {
                return iinc.var == local;
            }
            return insn instanceof VarInsnNode var && var.getOpcode() >= ISTORE && var.getOpcode() <= ASTORE
                    && overlaps(var, local);
        }

        private static boolean reads(AbstractInsnNode insn, int local) {
            if (insn instanceof IincInsnNode iinc) {
                return iinc.var == local;
            }
            return insn instanceof VarInsnNode var && var.getOpcode() >= ILOAD && var.getOpcode() <= ALOAD
                    && overlaps(var, local);
        }

        private static boolean overlaps(VarInsnNode var, int local) {
            int op = var.getOpcode();
            boolean wide = op == LLOAD || op == DLOAD || op == LSTORE || op == DSTORE;
            return var.var == local || (wide && var.var + 1 == local);
        }

    }
}
