package satin.rewriter.spawn;

import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.VarInsnNode;
import org.objectweb.asm.tree.analysis.Analyzer;
import org.objectweb.asm.tree.analysis.AnalyzerException;
import org.objectweb.asm.tree.analysis.Frame;
import org.objectweb.asm.tree.analysis.SourceInterpreter;
import org.objectweb.asm.tree.analysis.SourceValue;

/**
 * Where a constructor's own code starts: right after the {@code super(...)} or {@code this(...)} call that
 * initialises {@code this}. Before it, {@code this} may not be used, and no exception handler may cover the code
 * that the rewriter adds around spawns (the verifier refuses a handler that could see {@code this} both
 * uninitialised and initialised), so a constructor's spawn handling starts there. The call is the
 * {@code invokespecial <init>} whose receiver is local 0 as the method received it, found with ASM's
 * {@link SourceInterpreter} (arguments may construct other objects first: {@code super(new Vector3D(...))}).
 */
public final class ConstructorStart {

    private ConstructorStart() {
    }

    /**
     * The {@code invokespecial} that initialises {@code this} in {@code constructor}, or null when it is not a
     * constructor or has no such call that can be told.
     */
    public static MethodInsnNode of(String owner, MethodNode constructor) {
        if (!constructor.name.equals("<init>")) {
            return null;
        }
        Frame<SourceValue>[] frames;
        try {
            frames = new Analyzer<>(new SourceInterpreter()).analyze(owner, constructor);
        } catch (AnalyzerException e) {
            return null;
        }
        for (int i = 0; i < constructor.instructions.size(); i++) {
            AbstractInsnNode insn = constructor.instructions.get(i);
            if (insn.getOpcode() == Opcodes.INVOKESPECIAL && insn instanceof MethodInsnNode call
                    && call.name.equals("<init>") && frames[i] != null) {
                Frame<SourceValue> frame = frames[i];
                int receiver = frame.getStackSize() - 1 - Type.getArgumentTypes(call.desc).length;
                SourceValue value = frame.getStack(receiver);
                if (value.insns.size() == 1 && value.insns.iterator().next() instanceof VarInsnNode load
                        && load.getOpcode() == Opcodes.ALOAD && load.var == 0) {
                    return call;
                }
            }
        }
        return null;
    }
}
