package satin.rewriter.transform;

import static org.objectweb.asm.Opcodes.*;

import java.util.List;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TypeInsnNode;
import org.objectweb.asm.tree.VarInsnNode;
import satin.contract.ContractNames;

/**
 * Puts a {@code sync()} before each return where spawns with an inlet may still be outstanding, before the inlets are
 * expanded, so that the expansion gives it the dispatch loop every {@code sync()} with pending inlets gets: the
 * inlets of those spawns run there, in the returning invocation, as at the original Satin's implicit sync before a
 * return. The returned value is computed first and kept in a fresh local across the sync, so the method returns
 * what its own code computed (an inlet's changes to local variables come too late for it, as they did in the
 * original, where the result came from the method's normal path). The receiver of the added call is a null
 * {@code SatinObject}: a rewritten {@code sync()} pops its receiver unused, and static methods have none.
 */
public final class ImplicitInletSync {

    private static final String SATIN_OBJECT = ContractNames.SATIN_OBJECT;

    private ImplicitInletSync() {
    }

    /** Inserts the syncs before {@code returns} (instructions of {@code method}). */
    public static void insert(MethodNode method, List<AbstractInsnNode> returns) {
        for (AbstractInsnNode ret : returns) {
            int op = ret.getOpcode();
            InsnList code = new InsnList();
            int kept = -1;
            if (op != RETURN) {
                kept = method.maxLocals;
                method.maxLocals += op == LRETURN || op == DRETURN ? 2 : 1;
                code.add(new VarInsnNode(ISTORE + (op - IRETURN), kept));
            }
            code.add(new InsnNode(ACONST_NULL));
            code.add(new TypeInsnNode(CHECKCAST, SATIN_OBJECT));
            code.add(new MethodInsnNode(INVOKEVIRTUAL, SATIN_OBJECT, ContractNames.SYNC, ContractNames.SYNC_DESCRIPTOR,
                    false));
            if (kept >= 0) {
                code.add(new VarInsnNode(ILOAD + (op - IRETURN), kept));
            }
            method.instructions.insertBefore(ret, code);
        }
    }
}
