package satin.rewriter.spawn;

import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.LocalVariableNode;
import org.objectweb.asm.tree.MethodNode;

/** The source name of a local variable slot at an instruction, from the class file's debug information. */
final class LocalNames {

    private LocalNames() {
    }

    /**
     * The name of local {@code var} in scope at {@code at}, from the local variable table ({@code javac -g}), or
     * for a parameter from the MethodParameters attribute ({@code javac -parameters}); null when neither says.
     */
    static String at(MethodNode method, int var, AbstractInsnNode at) {
        if (method.localVariables != null) {
            int index = method.instructions.indexOf(at);
            for (LocalVariableNode lv : method.localVariables) {
                if (lv.index == var && method.instructions.indexOf(lv.start) <= index + 1
                        && index < method.instructions.indexOf(lv.end)) {
                    return lv.name;
                }
            }
        }
        if (method.parameters != null) {
            int slot = (method.access & org.objectweb.asm.Opcodes.ACC_STATIC) != 0 ? 0 : 1;
            org.objectweb.asm.Type[] types = org.objectweb.asm.Type.getArgumentTypes(method.desc);
            for (int p = 0; p < types.length && p < method.parameters.size(); p++) {
                if (slot == var) {
                    return method.parameters.get(p).name;
                }
                slot += types[p].getSize();
            }
        }
        return null;
    }
}
