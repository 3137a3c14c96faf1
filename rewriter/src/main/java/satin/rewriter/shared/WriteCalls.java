package satin.rewriter.shared;

import java.util.LinkedHashMap;
import java.util.Map;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.commons.GeneratorAdapter;
import org.objectweb.asm.commons.Method;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import satin.contract.ContractNames;
import satin.rewriter.hierarchy.ClassHierarchy;

/**
 * Replaces each call of a write method, {@code receiver.m(args)}, by {@code Host.satin$write$K(receiver, args)}: a
 * private static bridge added to the calling class, one per called method, whose body boxes the arguments, calls
 * {@code SharedWrites.write(receiver, "m(desc)", args)} and unboxes the result (see the Javadoc of
 * {@code satin.contract.SharedWrites}). The replacement takes and leaves exactly what the call took and left on the
 * operand stack, so nothing around it changes: spawn sites, their dataflow and the stack-map frames (recomputed when
 * the class is written) are unaffected, and the pass composes with the spawn rewriting in either order. A call of
 * {@code exportObject()} on a shared object becomes {@code SharedWrites.export(receiver)}, likewise.
 *
 * <p>Why a bridge and not code at the call site: the arguments are already on the stack at the call, in their own
 * types; packing them into an array there would need fresh locals per call site. In the bridge they are its
 * parameters.
 */
public final class WriteCalls {

    /** The prefix of the bridges' names; {@code $} keeps them apart from names Java source can declare. */
    static final String BRIDGE_PREFIX = "satin$write$";

    private WriteCalls() {
    }

    /**
     * Rewrites every write-method call in {@code node}'s methods and adds the bridges.
     *
     * @return the number of calls replaced (0: the class is unchanged)
     */
    public static int rewrite(ClassHierarchy hierarchy, ClassNode node) {
        WriteMethods writes = new WriteMethods(hierarchy);
        Map<String, String> bridges = new LinkedHashMap<>(); // owner.name+desc -> bridge name
        Map<String, MethodInsnNode> targets = new LinkedHashMap<>();
        int calls = 0;
        for (MethodNode method : node.methods) {
            if (method.name.startsWith(BRIDGE_PREFIX)) {
                continue;
            }
            for (AbstractInsnNode insn : method.instructions.toArray()) {
                if (insn instanceof MethodInsnNode call && isExportObject(hierarchy, call)) {
                    method.instructions.set(call, new MethodInsnNode(Opcodes.INVOKESTATIC, ContractNames.SHARED_WRITES,
                            ContractNames.SHARED_EXPORT, ContractNames.SHARED_EXPORT_DESCRIPTOR, false));
                    calls++;
                    continue;
                }
                if (!(insn instanceof MethodInsnNode call)
                        || (call.getOpcode() != Opcodes.INVOKEVIRTUAL && call.getOpcode() != Opcodes.INVOKEINTERFACE)
                        || writes.declaration(call.owner, call.name, call.desc).isEmpty()) {
                    continue;
                }
                String key = call.owner + '.' + call.name + call.desc;
                String bridge = bridges.computeIfAbsent(key, k -> BRIDGE_PREFIX + bridges.size());
                targets.putIfAbsent(key, call);
                boolean hostIsInterface = (node.access & Opcodes.ACC_INTERFACE) != 0;
                method.instructions.set(call, new MethodInsnNode(Opcodes.INVOKESTATIC, node.name, bridge,
                        bridgeDescriptor(call), hostIsInterface));
                calls++;
            }
        }
        bridges.forEach((key, name) -> node.methods.add(bridge(name, targets.get(key))));
        return calls;
    }

    /** {@code receiver.exportObject()} on a shared object: becomes {@code SharedWrites.export(receiver)}. */
    private static boolean isExportObject(ClassHierarchy hierarchy, MethodInsnNode call) {
        return call.getOpcode() == Opcodes.INVOKEVIRTUAL && call.name.equals(ContractNames.EXPORT_OBJECT)
                && call.desc.equals(ContractNames.EXPORT_OBJECT_DESCRIPTOR)
                && hierarchy.isSubclassOf(call.owner, ContractNames.SHARED_OBJECT);
    }

    private static String bridgeDescriptor(MethodInsnNode call) {
        Type[] params = Type.getArgumentTypes(call.desc);
        Type[] withReceiver = new Type[params.length + 1];
        withReceiver[0] = Type.getObjectType(call.owner);
        System.arraycopy(params, 0, withReceiver, 1, params.length);
        return Type.getMethodDescriptor(Type.getReturnType(call.desc), withReceiver);
    }

    private static MethodNode bridge(String name, MethodInsnNode call) {
        int access = Opcodes.ACC_PRIVATE | Opcodes.ACC_STATIC | Opcodes.ACC_SYNTHETIC;
        String descriptor = bridgeDescriptor(call);
        MethodNode bridge = new MethodNode(Opcodes.ASM9, access, name, descriptor, null, null);
        GeneratorAdapter g = new GeneratorAdapter(bridge, access, name, descriptor);
        Type object = Type.getType(Object.class);
        Type[] params = Type.getArgumentTypes(call.desc);
        g.visitCode();
        g.loadArg(0);
        g.push(call.name + call.desc);
        g.push(params.length);
        g.newArray(object);
        for (int i = 0; i < params.length; i++) {
            g.dup();
            g.push(i);
            g.loadArg(i + 1);
            g.box(params[i]);
            g.arrayStore(object);
        }
        g.invokeStatic(Type.getObjectType(ContractNames.SHARED_WRITES),
                new Method(ContractNames.SHARED_WRITE, ContractNames.SHARED_WRITE_DESCRIPTOR));
        Type result = Type.getReturnType(call.desc);
        if (result.getSort() == Type.VOID) {
            g.pop();
        } else {
            g.unbox(result);
        }
        g.returnValue();
        g.endMethod();
        return bridge;
    }

    /** Whether {@code hierarchy} sees a write-methods interface behind {@code type}. */
    static boolean implementsWriteMethods(ClassHierarchy hierarchy, String type) {
        return new WriteMethods(hierarchy).writeInterfaceOf(type).isPresent();
    }
}
