package satin.rewriter.spawn;

import java.util.HashSet;
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
            if (n instanceof JumpInsnNode jump) {
                targets.add(jump.label);
            } else if (n instanceof TableSwitchInsnNode s) {
                targets.add(s.dflt);
                targets.addAll(s.labels);
            } else if (n instanceof LookupSwitchInsnNode s) {
                targets.add(s.dflt);
                targets.addAll(s.labels);
            }
        }
        for (TryCatchBlockNode block : method.tryCatchBlocks) {
            targets.add(block.handler);
        }
        return targets;
    }
}
