package satin.rewriter.spawn;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LookupSwitchInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TableSwitchInsnNode;
import org.objectweb.asm.tree.TryCatchBlockNode;

/** The labels control can reach other than by falling through: jump and switch targets and exception handlers. */
final class JumpTargets {

    private JumpTargets() {
    }

    static Set<LabelNode> of(MethodNode method) {
        Set<LabelNode> targets = new HashSet<>();
        for (AbstractInsnNode n : method.instructions) {
            targets.addAll(of(n));
        }
        for (TryCatchBlockNode block : method.tryCatchBlocks) {
            targets.add(block.handler);
        }
        return targets;
    }

    /** The labels {@code insn} jumps or switches to (none for other instructions). */
    static List<LabelNode> of(AbstractInsnNode insn) {
        List<LabelNode> targets = new ArrayList<>();
        if (insn instanceof JumpInsnNode jump) {
            targets.add(jump.label);
        } else if (insn instanceof TableSwitchInsnNode s) {
            targets.add(s.dflt);
            targets.addAll(s.labels);
        } else if (insn instanceof LookupSwitchInsnNode s) {
            targets.add(s.dflt);
            targets.addAll(s.labels);
        }
        return targets;
    }
}
