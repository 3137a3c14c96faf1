package satin.rewriter.spawn;

import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.TypeInsnNode;

/**
 * One spawnable call in a method together with the instructions that store its result.
 *
 * @param call      the invokevirtual/invokeinterface of the spawnable method
 * @param checkcast a cast of the (generic) result before the store, or {@code null}
 * @param store     the store instruction, or {@code null} for void methods
 */
public record SpawnSite(int id, MethodInsnNode call, TypeInsnNode checkcast, AbstractInsnNode store,
                        Destination destination, int line) {

    /** The operand-stack values the call takes: its receiver (a spawn is an instance call) and its arguments. */
    public int callOperands() {
        return 1 + Type.getArgumentTypes(call.desc).length;
    }

    public Type resultType() {
        return Type.getReturnType(call.desc);
    }

    /** Whether a local destination of this site overlaps the local slots {@code [var, var+size)}. */
    public boolean writesLocal(int var, int size) {
        if (destination.kind() != Destination.Kind.LOCAL) {
            return false;
        }
        int mine = destination.var();
        return mine < var + size && var < mine + destination.localSize();
    }
}
