package satin.rewriter.spawn;

import static org.objectweb.asm.Opcodes.*;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.IincInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LookupSwitchInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TableSwitchInsnNode;
import org.objectweb.asm.tree.TryCatchBlockNode;
import org.objectweb.asm.tree.VarInsnNode;
import org.objectweb.asm.tree.analysis.Analyzer;
import org.objectweb.asm.tree.analysis.AnalyzerException;
import org.objectweb.asm.tree.analysis.Frame;
import org.objectweb.asm.tree.analysis.SourceInterpreter;
import org.objectweb.asm.tree.analysis.SourceValue;

/**
 * Finds the counted loops whose iterations can be split between workers (lazy loop splitting, see
 * {@code satin.contract.LoopRange}): exactly javac's code for
 * <pre>
 *   for (int i = a; i < n; i++) {      // n a local, or arr.length of a local
 *       c[i] = target.m(args);          // one spawn, its result stored into c[i], c a local
 *   }
 *   sync();
 * </pre>
 * and nothing the analysis cannot prove harmless: the test at the top, reached from before the loop and from the one
 * back edge only; the body straight-line code (no jump, switch, throw or return) that stores into no local, field or
 * array other than the spawn's {@code c[i]} and calls no {@code sync()} or {@code abort()} and no other spawnable
 * method; the loop left only through its test, straight to a {@code sync()}; no try block around any of it. Then
 * the body reads only locals the loop does not change (except {@code i}), so a part split off the loop can run the
 * body for its indices with those locals' values taken when the loop starts. What the body calls to compute the
 * spawn's arguments runs, for a part a thief took, on the thief's thread, as the spawn itself does.
 *
 * <p>Everything else (a condition in the body, a second spawn, a result into a local, a bound read from a field, a
 * loop written another way) is rewritten as before: its spawns are exposed by the runtime's demand-driven queueing.
 */
public final class CountedLoops {

    /**
     * One splittable loop.
     *
     * @param test      the label of the loop's test, reached by the fall-through into the loop and its back edge
     * @param index     the induction variable's local
     * @param bound     the bound's load ({@code iload n}, or {@code aload arr} followed by {@code arraylength})
     * @param boundIsLength whether the bound is the length of the array in {@link #bound}'s local
     * @param exitJump  the test's {@code if_icmpge}, whose target leads to the {@code sync()}
     * @param first     the body's first instruction (after the test)
     * @param step      the {@code iinc index 1} that ends the body
     * @param site      the body's spawn
     * @param captured  the locals the body reads besides the index, ascending
     */
    public record Loop(LabelNode test, int index, VarInsnNode bound, boolean boundIsLength, JumpInsnNode exitJump,
                       AbstractInsnNode first, IincInsnNode step, SpawnSite site, List<Integer> captured) {
    }

    private CountedLoops() {
    }

    /** The splittable loops of {@code method}, whose spawns and syncs {@code scan} found. */
    public static List<Loop> find(MethodNode method, MethodScan scan) {
        List<Loop> loops = new ArrayList<>();
        if (!scan.aborts().isEmpty()) {
            return loops;
        }
        for (AbstractInsnNode insn : method.instructions) {
            if (insn instanceof LabelNode label) {
                Loop loop = match(method, scan, label);
                if (loop != null) {
                    loops.add(loop);
                }
            }
        }
        return loops;
    }

    private static Loop match(MethodNode method, MethodScan scan, LabelNode test) {
        AbstractInsnNode a = real(test.getNext());
        if (!(a instanceof VarInsnNode load) || load.getOpcode() != ILOAD) {
            return null;
        }
        int index = load.var;
        AbstractInsnNode b = real(a.getNext());
        if (!(b instanceof VarInsnNode bound)) {
            return null;
        }
        boolean length = false;
        AbstractInsnNode c = real(b.getNext());
        if (bound.getOpcode() == ALOAD && c != null && c.getOpcode() == ARRAYLENGTH) {
            length = true;
            c = real(c.getNext());
        } else if (bound.getOpcode() != ILOAD || bound.var == index) {
            return null;
        }
        if (!(c instanceof JumpInsnNode exit) || exit.getOpcode() != IF_ICMPGE) {
            return null;
        }
        AbstractInsnNode first = c.getNext();
        // the back edge: the first goto to the test after it, preceded by "iinc index 1"
        JumpInsnNode back = null;
        for (AbstractInsnNode x = first; x != null; x = x.getNext()) {
            if (x instanceof JumpInsnNode j && j.label == test && j.getOpcode() == GOTO) {
                back = j;
                break;
            }
        }
        if (back == null || !(previousReal(back) instanceof IincInsnNode step) || step.var != index
                || step.incr != 1) {
            return null;
        }
        if (jumpsTo(method, test) != 1 || jumpsTo(method, exit.label) != 1) {
            return null; // reached other than through the loop's own edges (continue, a second way out)
        }
        AbstractInsnNode afterExit = real(exit.label.getNext());
        AbstractInsnNode syncCall = afterExit == null ? null : real(afterExit.getNext());
        if (!(afterExit instanceof VarInsnNode receiver) || receiver.getOpcode() != ALOAD
                || !(syncCall instanceof MethodInsnNode sync) || !scan.syncs().contains(sync)) {
            return null;
        }
        if (coveredByTry(method, test, syncCall)) {
            return null;
        }
        SpawnSite site = null;
        TreeSet<Integer> captured = new TreeSet<>();
        for (AbstractInsnNode x = first; x != step; x = x.getNext()) {
            SpawnSite here = siteAt(scan, x);
            if (here != null) {
                if (site != null) {
                    return null; // a second spawn
                }
                site = here;
            }
            if (!allowed(x, here, scan)) {
                return null;
            }
            if (x instanceof VarInsnNode v) {
                if (v.var != index) {
                    captured.add(v.var);
                }
            }
        }
        if (site == null || site.destination().kind() != Destination.Kind.ARRAY
                || real(site.store().getNext()) != step) {
            return null; // the spawn's store into c[i] must end the body
        }
        if (!storesIntoIndexOfLocal(method, site, index)) {
            return null;
        }
        if (!length) {
            captured.remove(bound.var); // read by the test only, unless the body reads it too (then kept below)
            for (AbstractInsnNode x = first; x != step; x = x.getNext()) {
                if (x instanceof VarInsnNode v && v.var == bound.var) {
                    captured.add(bound.var);
                }
            }
        }
        return new Loop(test, index, bound, length, exit, first, step, site, List.copyOf(captured));
    }

    /**
     * Whether the spawn's store is {@code c[i]} itself: at the store, the array comes from an {@code aload} of a
     * local and the index from an {@code iload} of the induction variable, nothing computed ({@code c[i + 1]} is not).
     */
    private static boolean storesIntoIndexOfLocal(MethodNode method, SpawnSite site, int index) {
        Frame<SourceValue>[] frames;
        try {
            frames = new Analyzer<>(new SourceInterpreter()).analyze("Host", method);
        } catch (AnalyzerException e) {
            return false;
        }
        Frame<SourceValue> atStore = frames[method.instructions.indexOf(site.store())];
        if (atStore == null || atStore.getStackSize() < 3) {
            return false;
        }
        SourceValue array = atStore.getStack(atStore.getStackSize() - 3);
        SourceValue i = atStore.getStack(atStore.getStackSize() - 2);
        return array.insns.size() == 1 && array.insns.iterator().next() instanceof VarInsnNode a
                && a.getOpcode() == ALOAD
                && i.insns.size() == 1 && i.insns.iterator().next() instanceof VarInsnNode v
                && v.getOpcode() == ILOAD && v.var == index;
    }

    private static SpawnSite siteAt(MethodScan scan, AbstractInsnNode insn) {
        for (SpawnSite s : scan.sites()) {
            if (s.call() == insn) {
                return s;
            }
        }
        return null;
    }

    /** Whether a body instruction is one the split may run elsewhere (see the class comment). */
    private static boolean allowed(AbstractInsnNode x, SpawnSite site, MethodScan scan) {
        int op = x.getOpcode();
        if (op < 0) {
            return true; // label, line number, frame
        }
        if (x instanceof MethodInsnNode call) {
            return site != null || !scan.syncs().contains(call) && !scan.aborts().contains(call)
                    && !isSpawnCallOfAnotherSite(scan, call);
        }
        if (op >= IASTORE && op <= SASTORE) {
            for (SpawnSite s : scan.sites()) {
                if (s.store() == x) {
                    return true;
                }
            }
            return false;
        }
        return switch (op) {
            case ISTORE, LSTORE, FSTORE, DSTORE, ASTORE, IINC, PUTFIELD, PUTSTATIC, ATHROW, MONITORENTER,
                 MONITOREXIT, INVOKEDYNAMIC, IRETURN, LRETURN, FRETURN, DRETURN, ARETURN, RETURN, JSR, RET -> false;
            default -> !(x instanceof JumpInsnNode || x instanceof TableSwitchInsnNode
                    || x instanceof LookupSwitchInsnNode);
        };
    }

    private static boolean isSpawnCallOfAnotherSite(MethodScan scan, MethodInsnNode call) {
        for (SpawnSite s : scan.sites()) {
            if (s.call() == call) {
                return true;
            }
        }
        return false;
    }

    /** How many jumps, switch cases and handlers lead to {@code label}. */
    private static int jumpsTo(MethodNode method, LabelNode label) {
        int n = 0;
        for (AbstractInsnNode x : method.instructions) {
            if (x instanceof JumpInsnNode j && j.label == label) {
                n++;
            } else if (x instanceof TableSwitchInsnNode t) {
                n += (t.dflt == label ? 1 : 0) + (int) t.labels.stream().filter(l -> l == label).count();
            } else if (x instanceof LookupSwitchInsnNode l) {
                n += (l.dflt == label ? 1 : 0) + (int) l.labels.stream().filter(k -> k == label).count();
            }
        }
        for (TryCatchBlockNode t : method.tryCatchBlocks) {
            if (t.handler == label) {
                n++;
            }
        }
        return n;
    }

    /** Whether some try block covers an instruction from {@code from} to {@code to}. */
    private static boolean coveredByTry(MethodNode method, AbstractInsnNode from, AbstractInsnNode to) {
        InsnList insns = method.instructions;
        int lo = insns.indexOf(from);
        int hi = insns.indexOf(to);
        for (TryCatchBlockNode t : method.tryCatchBlocks) {
            int start = insns.indexOf(t.start);
            int end = insns.indexOf(t.end);
            if (start <= hi && lo < end) {
                return true;
            }
        }
        return false;
    }

    /** The first real instruction from {@code insn} on (skipping labels, line numbers and frames), or null. */
    public static AbstractInsnNode real(AbstractInsnNode insn) {
        while (insn != null && insn.getOpcode() < 0) {
            insn = insn.getNext();
        }
        return insn;
    }

    /** The last real instruction before {@code insn}, or null. */
    static AbstractInsnNode previousReal(AbstractInsnNode insn) {
        AbstractInsnNode x = insn.getPrevious();
        while (x != null && x.getOpcode() < 0) {
            x = x.getPrevious();
        }
        return x;
    }
}
