package satin.rewriter.transform;

import static org.objectweb.asm.Opcodes.*;

import java.util.List;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AnnotationNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.VarInsnNode;
import satin.contract.ContractNames;

/**
 * Makes {@code main} start a runtime when none runs: puts
 * <pre>
 *   if (MainEntry.enter(Host.class, args)) return;
 * </pre>
 * before the first instruction of {@code public static void main(String[])}. {@code MainEntry} (in the contract)
 * returns false on a runtime's worker, so {@code satin run} and a runtime's {@code runMain} run {@code main} as
 * before; started with plain {@code java}, it runs {@code main} on a new runtime and returns true. The check sits
 * before anything else {@code main} does, outside the method-wide handler of a {@code main} that spawns.
 */
public final class MainEntryInjection {

    private MainEntryInjection() {
    }

    /** Whether the class carries {@code @satin.SatinMain}. */
    public static boolean isMarked(ClassNode node) {
        return has(node.invisibleAnnotations) || has(node.visibleAnnotations);
    }

    private static boolean has(List<AnnotationNode> annotations) {
        return annotations != null
                && annotations.stream().anyMatch(a -> a.desc.equals(ContractNames.SATIN_MAIN_DESCRIPTOR));
    }

    /** The class's {@code public static void main(String[])}, or null. */
    public static MethodNode mainOf(ClassNode node) {
        for (MethodNode m : node.methods) {
            if (m.name.equals(ContractNames.MAIN) && m.desc.equals(ContractNames.MAIN_DESCRIPTOR)
                    && (m.access & ACC_STATIC) != 0 && (m.access & ACC_PUBLIC) != 0 && m.instructions.size() > 0) {
                return m;
            }
        }
        return null;
    }

    /** Adds the entry check to {@code main} of {@code node}; returns false when the class has no {@code main}. */
    public static boolean inject(ClassNode node) {
        MethodNode main = mainOf(node);
        if (main == null) {
            return false;
        }
        LabelNode body = new LabelNode();
        InsnList check = new InsnList();
        check.add(new LdcInsnNode(Type.getObjectType(node.name)));
        check.add(new VarInsnNode(ALOAD, 0));
        check.add(new MethodInsnNode(INVOKESTATIC, ContractNames.MAIN_ENTRY, ContractNames.ENTER,
                ContractNames.ENTER_DESCRIPTOR, false));
        check.add(new JumpInsnNode(IFEQ, body));
        check.add(new InsnNode(RETURN));
        check.add(body);
        main.instructions.insert(check);
        return true;
    }
}
