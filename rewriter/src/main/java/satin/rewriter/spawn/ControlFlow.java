package satin.rewriter.spawn;

import java.util.ArrayList;
import java.util.List;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LookupSwitchInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TableSwitchInsnNode;
import org.objectweb.asm.tree.TryCatchBlockNode;

/** Successors of every instruction of a method, normal and exceptional, by instruction index. */
final class ControlFlow {

    private final List<List<Integer>> successors;
    private final List<List<Integer>> handlers;

    ControlFlow(MethodNode method) {
        InsnList insns = method.instructions;
        int n = insns.size();
        successors = new ArrayList<>(n);
        handlers = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            successors.add(new ArrayList<>(2));
            handlers.add(new ArrayList<>(1));
        }
        for (int i = 0; i < n; i++) {
            AbstractInsnNode insn = insns.get(i);
            List<Integer> next = successors.get(i);
            int op = insn.getOpcode();
            if (insn instanceof JumpInsnNode jump) {
                next.add(insns.indexOf(jump.label));
            } else if (insn instanceof TableSwitchInsnNode s) {
                add(next, insns, s.dflt, s.labels);
            } else if (insn instanceof LookupSwitchInsnNode s) {
                add(next, insns, s.dflt, s.labels);
            }
            boolean fallsThrough = op != Opcodes.GOTO && op != Opcodes.ATHROW && op != Opcodes.RET
                    && !(op >= Opcodes.IRETURN && op <= Opcodes.RETURN)
                    && !(insn instanceof TableSwitchInsnNode) && !(insn instanceof LookupSwitchInsnNode);
            if (fallsThrough && i + 1 < n) {
                next.add(i + 1);
            }
        }
        for (TryCatchBlockNode block : method.tryCatchBlocks) {
            int handler = insns.indexOf(block.handler);
            for (int i = insns.indexOf(block.start); i < insns.indexOf(block.end); i++) {
                handlers.get(i).add(handler);
            }
        }
    }

    private static void add(List<Integer> next, InsnList insns, LabelNode dflt, List<LabelNode> labels) {
        next.add(insns.indexOf(dflt));
        for (LabelNode label : labels) {
            next.add(insns.indexOf(label));
        }
    }

    List<Integer> successors(int index) {
        return successors.get(index);
    }

    /** Exception handlers that may be entered from the instruction at {@code index}. */
    List<Integer> handlers(int index) {
        return handlers.get(index);
    }

    int size() {
        return successors.size();
    }
}
