package satin.rewriter.transform;

import static org.objectweb.asm.Opcodes.*;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LineNumberNode;
import org.objectweb.asm.tree.LookupSwitchInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TableSwitchInsnNode;
import org.objectweb.asm.tree.TryCatchBlockNode;
import org.objectweb.asm.tree.TypeInsnNode;
import org.objectweb.asm.tree.VarInsnNode;
import satin.contract.ContractNames;
import satin.rewriter.spawn.InletAnalysis.Inlets;

/**
 * Expands the inlets of a method before its spawns and syncs are rewritten, so that the spawn rewriting and its
 * dataflow see the inlets as ordinary code. Each sync() where a spawn with an inlet may be pending becomes a loop
 * in front of it:
 * <pre>
 *   back:  rec = Spawns.inletPoll(frame);              // waits until a record threw for its inlet, or all done
 *          if (rec == null) goto done;
 *          t = Spawns.inletFailure(rec);
 *          switch (Spawns.inletGroup(rec)) {           // the inlets covering the record's spawn site
 *              case g: if (t instanceof E1) goto inlet_1_copy((E1) t);  ...  break;
 *          }
 *          Spawns.uncaught(rec, t); goto back;         // no catch block matched: sync() rethrows it
 *   done:  sync();                                     // rewritten as usual: rethrows, delivers, copies
 * </pre>
 * (only the groups whose sites may be pending at that sync get a case; the others go to {@code uncaught}, which
 * never happens) and each of their inlets gets a copy per such sync, appended to the method, whose exits (the end of
 * the catch block, {@code break}, {@code continue}, {@code return} with or without a value, the value dropped) jump
 * back to {@code back}. The copy keeps the
 * try/catch blocks nested inside the catch block; an exception leaving the copy goes where an exception of that
 * sync() would go (the handlers covering the sync), so it is as if sync() threw it. The original catch block stays
 * where it was, for exceptions of the try block's own code.
 */
public final class InletExpansion {

    private static final String SPAWNS = ContractNames.SPAWNS;
    private static final String RECORD = ContractNames.INVOCATION_RECORD_DESCRIPTOR;

    private InletExpansion() {
    }

    /**
     * Expands the inlets of {@code method} in place.
     *
     * @param frame the local the rewritten method keeps its frame in (allocated by the caller)
     */
    public static void apply(MethodNode method, Inlets inlets, int frame) {
        int rec = method.maxLocals++;
        int failure = method.maxLocals++;
        InsnList insns = method.instructions;
        List<TryCatchBlockNode> added = new ArrayList<>();
        for (MethodInsnNode sync : inlets.syncs()) {
            List<TryCatchBlockNode> aroundSync = new ArrayList<>();
            for (TryCatchBlockNode b : method.tryCatchBlocks) {
                int i = insns.indexOf(sync);
                if (i >= insns.indexOf(b.start) && i < insns.indexOf(b.end)) {
                    aroundSync.add(b);
                }
            }
            LabelNode back = new LabelNode();
            LabelNode done = new LabelNode();
            LabelNode uncaught = new LabelNode();
            Map<TryCatchBlockNode, LabelNode> copies = new IdentityHashMap<>();
            InsnList loop = new InsnList();
            loop.add(new InsnNode(POP)); // the receiver of sync(); pushed again at done
            loop.add(back);
            loop.add(new VarInsnNode(ALOAD, frame));
            loop.add(new MethodInsnNode(INVOKESTATIC, SPAWNS, ContractNames.INLET_POLL,
                    ContractNames.INLET_POLL_DESCRIPTOR, false));
            loop.add(new VarInsnNode(ASTORE, rec));
            loop.add(new VarInsnNode(ALOAD, rec));
            loop.add(new JumpInsnNode(IFNULL, done));
            loop.add(new VarInsnNode(ALOAD, rec));
            loop.add(new MethodInsnNode(INVOKESTATIC, SPAWNS, ContractNames.INLET_FAILURE,
                    ContractNames.INLET_FAILURE_DESCRIPTOR, false));
            loop.add(new VarInsnNode(ASTORE, failure));
            loop.add(new VarInsnNode(ALOAD, rec));
            loop.add(new MethodInsnNode(INVOKESTATIC, SPAWNS, ContractNames.INLET_GROUP,
                    ContractNames.INLET_GROUP_DESCRIPTOR, false));
            int groups = inlets.groups().size();
            BitSet pendingGroups = inlets.syncGroups().get(sync);
            LabelNode[] cases = new LabelNode[groups];
            for (int g = 0; g < groups; g++) {
                // a group none of whose sites may be pending here never reaches this sync: no copy of its inlets
                cases[g] = pendingGroups.get(g) ? new LabelNode() : uncaught;
            }
            loop.add(new TableSwitchInsnNode(1, groups, uncaught, cases));
            for (int g = pendingGroups.nextSetBit(0); g >= 0; g = pendingGroups.nextSetBit(g + 1)) {
                loop.add(cases[g]);
                for (TryCatchBlockNode inlet : inlets.groups().get(g)) {
                    LabelNode next = new LabelNode();
                    LabelNode copy = copies.computeIfAbsent(inlet, k -> new LabelNode());
                    loop.add(new VarInsnNode(ALOAD, failure));
                    loop.add(new TypeInsnNode(INSTANCEOF, inlet.type));
                    loop.add(new JumpInsnNode(IFEQ, next));
                    loop.add(new VarInsnNode(ALOAD, failure));
                    loop.add(new TypeInsnNode(CHECKCAST, inlet.type));
                    loop.add(new JumpInsnNode(GOTO, copy));
                    loop.add(next);
                }
                loop.add(new JumpInsnNode(GOTO, uncaught));
            }
            loop.add(uncaught);
            loop.add(new VarInsnNode(ALOAD, rec));
            loop.add(new VarInsnNode(ALOAD, failure));
            loop.add(new MethodInsnNode(INVOKESTATIC, SPAWNS, ContractNames.UNCAUGHT, ContractNames.UNCAUGHT_DESCRIPTOR,
                    false));
            loop.add(new JumpInsnNode(GOTO, back));
            loop.add(done);
            // rec is null here anyway; stored so that no later code sees it set: the fast copy skips this loop
            // (skipLoops), and the state it hands to the slow method at a later spawn must not hold rec
            loop.add(new InsnNode(ACONST_NULL));
            loop.add(new VarInsnNode(ASTORE, rec));
            loop.add(new InsnNode(ACONST_NULL));
            loop.add(new TypeInsnNode(CHECKCAST, sync.owner));
            insns.insertBefore(sync, loop);
            for (Map.Entry<TryCatchBlockNode, LabelNode> e : copies.entrySet()) {
                added.addAll(copy(method, e.getKey(), inlets.regions().get(e.getKey()), e.getValue(), back, aroundSync));
            }
        }
        method.tryCatchBlocks.addAll(added);
    }

    /**
     * Appends a copy of the inlet's instructions, entered at {@code entry} with the exception on the stack; every
     * exit jumps to {@code back}. Returns the exception-table entries of the copy, innermost first.
     */
    private static List<TryCatchBlockNode> copy(MethodNode method, TryCatchBlockNode inlet,
                                                Set<AbstractInsnNode> region, LabelNode entry, LabelNode back,
                                                List<TryCatchBlockNode> aroundSync) {
        InsnList insns = method.instructions;
        Map<LabelNode, LabelNode> labels = new IdentityHashMap<>();
        for (AbstractInsnNode insn : insns) {
            if (insn instanceof LabelNode label) {
                labels.put(label, region.contains(label) ? new LabelNode() : back);
            }
        }
        InsnList out = new InsnList();
        LabelNode start = new LabelNode();
        LabelNode end = new LabelNode();
        out.add(entry);
        out.add(start);
        out.add(new JumpInsnNode(GOTO, labels.get(inlet.handler)));
        for (AbstractInsnNode insn = insns.getFirst(); insn != null; insn = insn.getNext()) {
            if (!region.contains(insn)) {
                continue;
            }
            int op = insn.getOpcode();
            if (insn instanceof LineNumberNode line) {
                if (region.contains(line.start)) {
                    out.add(line.clone(labels));
                }
                continue;
            }
            if (op == RETURN) {
                out.add(new JumpInsnNode(GOTO, back));
                continue;
            }
            if (op >= IRETURN && op <= ARETURN) {
                // a return with a value ends the inlet too; the value is discarded (InletAnalysis warns)
                out.add(new InsnNode(op == LRETURN || op == DRETURN ? POP2 : POP));
                out.add(new JumpInsnNode(GOTO, back));
                continue;
            }
            out.add(insn.clone(labels));
            if (fallsThrough(insn)) {
                AbstractInsnNode next = insn.getNext();
                if (next == null || !region.contains(next)) {
                    out.add(new JumpInsnNode(GOTO, back));
                }
            }
        }
        out.add(end);
        List<TryCatchBlockNode> blocks = new ArrayList<>();
        for (TryCatchBlockNode b : method.tryCatchBlocks) {
            if (region.contains(b.start) && region.contains(b.handler)) {
                LabelNode bEnd = labels.get(b.end);
                blocks.add(new TryCatchBlockNode(labels.get(b.start), bEnd == back ? end : bEnd, labels.get(b.handler),
                        b.type));
            }
        }
        for (TryCatchBlockNode b : aroundSync) {
            blocks.add(new TryCatchBlockNode(start, end, b.handler, b.type));
        }
        insns.add(out);
        return blocks;
    }

    /**
     * Makes every dispatch loop in {@code code} (a copy of an expanded method) go straight to its {@code done}: for
     * the fast copy ({@link FastCopy}), in which nothing is outstanding at a {@code sync()} (every spawn ran as a plain
     * call, and one that threw left for the slow copy, whose own loop runs the inlet), and in which the frame local the
     * loop reads is not set. The loop and the inlet copies only it reaches become dead code, which the class writer's
     * frame computation drops.
     */
    static void skipLoops(InsnList code) {
        List<MethodInsnNode> polls = new ArrayList<>();
        for (AbstractInsnNode insn : code) {
            if (insn instanceof MethodInsnNode call && call.owner.equals(SPAWNS)
                    && call.name.equals(ContractNames.INLET_POLL)) {
                polls.add(call);
            }
        }
        for (MethodInsnNode poll : polls) {
            AbstractInsnNode insn = poll.getNext();
            while (insn.getOpcode() != IFNULL) { // the loop's shape (see apply): ASTORE rec; ALOAD rec; IFNULL done
                insn = insn.getNext();
            }
            // before the frame's load, after 'back': the operand stack is empty there as at 'done'
            code.insertBefore(poll.getPrevious(), new JumpInsnNode(GOTO, ((JumpInsnNode) insn).label));
        }
    }

    private static boolean fallsThrough(AbstractInsnNode insn) {
        int op = insn.getOpcode();
        return op != GOTO && op != ATHROW && !(op >= IRETURN && op <= RETURN)
                && !(insn instanceof TableSwitchInsnNode) && !(insn instanceof LookupSwitchInsnNode);
    }
}
