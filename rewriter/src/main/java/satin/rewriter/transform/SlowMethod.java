package satin.rewriter.transform;

import static org.objectweb.asm.Opcodes.*;

import java.util.ArrayList;
import java.util.List;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.IntInsnNode;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.LookupSwitchInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TypeInsnNode;
import org.objectweb.asm.tree.VarInsnNode;
import org.objectweb.asm.tree.analysis.BasicValue;
import org.objectweb.asm.tree.analysis.Frame;
import satin.rewriter.hierarchy.ClassHierarchy;
import satin.rewriter.spawn.SpawnSite;

/**
 * The slow method: where a method's fast copy goes when a spawn must be queued or a plain call threw.
 *
 * <p>A method that spawns is split in two. The method itself keeps its name and holds only the fast copy: the
 * original code, a test at the polling spawns and a handler per spawn, about the size of the original, so the JIT
 * compiles it (and inlines it into itself) as it compiles the sequential method. Everything else, the slow copy
 * with its frame, records, result copies and method-wide handler, and a second fast copy it jumps back to after
 * each {@code sync()}, moves into a {@code private static synthetic} method of the same class,
 * {@code satin$slow$<name>$<k>(int entry, Object[] references, long[] primitives)}, which the JIT sees only as a call
 * on a path that is rarely taken.
 *
 * <p>The fast method leaves at spawn site {@code i} with entry {@code 2i} (queue it: the locals and the operand stack
 * of the call, receiver and arguments on top) or {@code 2i + 1} (its plain call threw: the locals and the exception)
 * and returns what the slow method returns. The state travels as two arrays in a fixed order (locals by slot, then
 * the stack from the bottom): references in one, primitives widened to their {@code long} bits in the other; the
 * slow method puts each value back into its slot (with a {@code checkcast} to the type the verifier gives it there,
 * {@link StateTypes}), pushes the stack and jumps to the slow copy's spawn or handler of the site: the state the
 * slow copy reaches itself when every earlier spawn of the invocation ran inline. That costs two small arrays once
 * per invocation that leaves the fast path, beside the record its queued spawn allocates anyway.
 */
final class SlowMethod {

    private static final String OBJECT = "java/lang/Object";
    /** The slow methods' names: {@code satin$slow$<method>$<k>}, k counting the class's slow methods. */
    static final String PREFIX = "satin$slow$";
    /** Slots of the dispatch's loads of the two arrays until {@link #create} knows the body's size. */
    private static final int REFERENCES = -2;
    private static final int PRIMITIVES = -3;

    private final ClassNode host;
    private final ClassHierarchy hierarchy;
    private final String name;
    private final String descriptor;
    private final Type returnType;
    private final InsnList dispatch = new InsnList();
    private final List<LabelNode> entryLabels = new ArrayList<>();
    private final List<Integer> entryKeys = new ArrayList<>();

    /** First local of the fast method free for the stack values it saves when it leaves. */
    private final int fastTemps;
    /** The slow method's locals holding its arguments (set once the body's size is known). */
    private int entrySlot;
    private int referencesSlot;
    private int primitivesSlot;

    private SlowMethod(ClassNode host, ClassHierarchy hierarchy, MethodNode method, int fastTemps) {
        this.host = host;
        this.hierarchy = hierarchy;
        this.returnType = Type.getReturnType(method.desc);
        long earlier = host.methods.stream().filter(m -> m.name.startsWith(PREFIX)).count();
        this.name = PREFIX + method.name + "$" + earlier;
        this.descriptor = Type.getMethodDescriptor(returnType, Type.INT_TYPE, Type.getType(Object[].class),
                Type.getType(long[].class));
        this.fastTemps = fastTemps;
    }

    /**
     * A slow method for {@code method} of {@code host} if its state can travel at every exit: the host is a class,
     * and every value at every spawn has a type the slow method can name; else null (the method keeps both copies).
     */
    static SlowMethod plan(ClassNode host, ClassHierarchy hierarchy, MethodNode method, int originalLocals,
                           List<Frame<BasicValue>> frames) {
        if ((host.access & ACC_INTERFACE) != 0 || frames.contains(null)) {
            return null;
        }
        SlowMethod slow = new SlowMethod(host, hierarchy, method, originalLocals);
        for (Frame<BasicValue> frame : frames) {
            for (int i = 0; i < frame.getLocals() + frame.getStackSize(); i++) {
                BasicValue value = i < frame.getLocals() ? frame.getLocal(i) : frame.getStack(i - frame.getLocals());
                if (!slow.canCarry(value)) {
                    return null;
                }
            }
        }
        return slow;
    }

    private boolean canCarry(BasicValue value) {
        if (value == BasicValue.RETURNADDRESS_VALUE) {
            return false;
        }
        if (!StateTypes.isReference(value) || value.equals(StateTypes.NULL)) {
            return true;
        }
        Type type = value.getType();
        Type element = type.getSort() == Type.ARRAY ? type.getElementType() : type;
        if (element.getSort() != Type.OBJECT) {
            return true;
        }
        String className = element.getInternalName();
        if (className.equals(host.name)) {
            return true;
        }
        return hierarchy.find(className).map(info -> (info.access() & ACC_PUBLIC) != 0
                || packageOf(className).equals(packageOf(host.name))).orElse(false);
    }

    private static String packageOf(String internalName) {
        int slash = internalName.lastIndexOf('/');
        return slash < 0 ? "" : internalName.substring(0, slash);
    }

    /**
     * Plans one way out of the fast method at a site whose call has the state {@code frame}: with {@code thrown}
     * false the spawn is to be queued and the whole state goes to the slow copy's {@code target}; with it true the
     * stack holds only the exception the call threw. The code of the exit is appended to {@code exits}, the out-of-line
     * part of the fast method holding the site. {@code deferred} makes the arrays the fast copies do without
     * ({@link DeferredArrays}) before the state is packed. Returns the label the fast copy jumps (or its handler goes) to.
     */
    LabelNode exit(Frame<BasicValue> frame, boolean thrown, LabelNode target, InsnList exits, SpawnSite site,
                   DeferredArrays deferred) {
        int key = entryKeys.size();
        List<BasicValue> locals = new ArrayList<>();
        List<Integer> slots = new ArrayList<>();
        for (int slot = 0; slot < frame.getLocals(); slot++) {
            BasicValue value = frame.getLocal(slot);
            if (value.getType() != null) {
                locals.add(value);
                slots.add(slot);
                slot += value.getSize() - 1;
            }
        }
        List<BasicValue> stack = new ArrayList<>();
        if (thrown) {
            stack.add(new BasicValue(Type.getObjectType("java/lang/Throwable")));
        } else {
            for (int i = 0; i < frame.getStackSize(); i++) {
                stack.add(frame.getStack(i));
            }
        }
        // the fast method: save the stack into locals above its own, then pack everything into the two arrays
        LabelNode exit = new LabelNode();
        exits.add(exit);
        exits.add(deferred.materialize(frame));
        List<Integer> stackSlots = new ArrayList<>();
        int temp = fastTemps;
        for (BasicValue value : stack) {
            stackSlots.add(temp);
            temp += value.getSize();
        }
        for (int i = stack.size() - 1; i >= 0; i--) {
            exits.add(new VarInsnNode(stack.get(i).getType().getOpcode(ISTORE), stackSlots.get(i)));
        }
        if (!thrown) {
            exits.add(deferred.replaceOperand(site, stackSlots));
        }
        List<BasicValue> values = new ArrayList<>(locals);
        values.addAll(stack);
        List<Integer> from = new ArrayList<>(slots);
        from.addAll(stackSlots);
        exits.add(constant(key));
        pack(values, from, true, exits);
        pack(values, from, false, exits);
        exits.add(new MethodInsnNode(INVOKESTATIC, host.name, name, descriptor, false));
        exits.add(new InsnNode(returnType.getOpcode(IRETURN)));

        // the slow method: unpack into the same slots, push the stack, go on in the slow copy
        LabelNode entry = new LabelNode();
        entryLabels.add(entry);
        entryKeys.add(key);
        dispatch.add(entry);
        int[] index = new int[2];
        for (int i = 0; i < locals.size(); i++) {
            unpack(locals.get(i), index);
            dispatch.add(new VarInsnNode(locals.get(i).getType().getOpcode(ISTORE), slots.get(i)));
        }
        for (BasicValue value : stack) {
            unpack(value, index);
        }
        dispatch.add(new JumpInsnNode(GOTO, target));
        return exit;
    }

    private static void pack(List<BasicValue> values, List<Integer> slots, boolean references, InsnList exits) {
        int count = (int) values.stream().filter(v -> StateTypes.isReference(v) == references
                && !v.equals(StateTypes.NULL)).count();
        exits.add(constant(count));
        exits.add(references ? new TypeInsnNode(ANEWARRAY, OBJECT) : new IntInsnNode(NEWARRAY, T_LONG));
        int index = 0;
        for (int i = 0; i < values.size(); i++) {
            BasicValue value = values.get(i);
            if (StateTypes.isReference(value) != references || value.equals(StateTypes.NULL)) {
                continue;
            }
            exits.add(new InsnNode(DUP));
            exits.add(constant(index++));
            exits.add(new VarInsnNode(value.getType().getOpcode(ILOAD), slots.get(i)));
            if (references) {
                exits.add(new InsnNode(AASTORE));
            } else {
                toLongBits(value.getType(), exits);
                exits.add(new InsnNode(LASTORE));
            }
        }
    }

    private static void toLongBits(Type type, InsnList exits) {
        switch (type.getSort()) {
            case Type.LONG -> {
            }
            case Type.DOUBLE -> exits.add(new MethodInsnNode(INVOKESTATIC, "java/lang/Double", "doubleToRawLongBits",
                    "(D)J", false));
            case Type.FLOAT -> {
                exits.add(new MethodInsnNode(INVOKESTATIC, "java/lang/Float", "floatToRawIntBits", "(F)I", false));
                exits.add(new InsnNode(I2L));
            }
            default -> exits.add(new InsnNode(I2L));
        }
    }

    /** Pushes the next value of its kind from the slow method's arguments, as the type {@code value} has. */
    private void unpack(BasicValue value, int[] index) {
        if (value.equals(StateTypes.NULL)) {
            dispatch.add(new InsnNode(ACONST_NULL));
            return;
        }
        Type type = value.getType();
        if (StateTypes.isReference(value)) {
            dispatch.add(new VarInsnNode(ALOAD, REFERENCES));
            dispatch.add(constant(index[0]++));
            dispatch.add(new InsnNode(AALOAD));
            if (!type.getDescriptor().equals("Ljava/lang/Object;")) {
                dispatch.add(new TypeInsnNode(CHECKCAST, type.getInternalName()));
            }
            return;
        }
        dispatch.add(new VarInsnNode(ALOAD, PRIMITIVES));
        dispatch.add(constant(index[1]++));
        dispatch.add(new InsnNode(LALOAD));
        switch (type.getSort()) {
            case Type.LONG -> {
            }
            case Type.DOUBLE -> dispatch.add(new MethodInsnNode(INVOKESTATIC, "java/lang/Double", "longBitsToDouble",
                    "(J)D", false));
            case Type.FLOAT -> {
                dispatch.add(new InsnNode(L2I));
                dispatch.add(new MethodInsnNode(INVOKESTATIC, "java/lang/Float", "intBitsToFloat", "(I)F", false));
            }
            default -> dispatch.add(new InsnNode(L2I));
        }
    }

    private static AbstractInsnNode constant(int value) {
        if (value <= 5) {
            return new InsnNode(ICONST_0 + value);
        }
        return value <= Short.MAX_VALUE ? new IntInsnNode(SIPUSH, value) : new LdcInsnNode(value);
    }

    /**
     * Adds the slow method to the host: {@code body} is the rewritten method (both copies) whose locals end below
     * {@code bodyLocals}; {@code prologue} is its first part (the frame and record locals set to null), after which
     * the dispatch replaces the fall-through into its fast copy.
     */
    MethodNode create(MethodNode original, InsnList prologue, InsnList body, int bodyLocals) {
        // above the body's locals and above the three arguments, which the moves below must not overwrite
        entrySlot = Math.max(bodyLocals, 3);
        referencesSlot = entrySlot + 1;
        primitivesSlot = entrySlot + 2;
        for (AbstractInsnNode insn : dispatch) {
            if (insn instanceof VarInsnNode var && var.var < 0) {
                var.var = var.var == REFERENCES ? referencesSlot : primitivesSlot;
            }
        }
        MethodNode slow = new MethodNode(ASM9, ACC_PRIVATE | ACC_STATIC | ACC_SYNTHETIC, name, descriptor, null, null);
        InsnList code = slow.instructions;
        code.add(new VarInsnNode(ILOAD, 0));
        code.add(new VarInsnNode(ISTORE, entrySlot));
        code.add(new VarInsnNode(ALOAD, 1));
        code.add(new VarInsnNode(ASTORE, referencesSlot));
        code.add(new VarInsnNode(ALOAD, 2));
        code.add(new VarInsnNode(ASTORE, primitivesSlot));
        code.add(prologue);
        code.add(new VarInsnNode(ILOAD, entrySlot));
        LabelNode unknown = new LabelNode();
        int[] keys = entryKeys.stream().mapToInt(Integer::intValue).toArray();
        code.add(new LookupSwitchInsnNode(unknown, keys, entryLabels.toArray(new LabelNode[0])));
        code.add(unknown);
        code.add(new TypeInsnNode(NEW, "java/lang/AssertionError"));
        code.add(new InsnNode(DUP));
        code.add(new MethodInsnNode(INVOKESPECIAL, "java/lang/AssertionError", "<init>", "()V", false));
        code.add(new InsnNode(ATHROW));
        code.add(dispatch);
        code.add(body);
        slow.maxLocals = primitivesSlot + 1;
        host.methods.add(slow);
        return slow;
    }
}
