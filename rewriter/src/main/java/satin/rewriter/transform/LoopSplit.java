package satin.rewriter.transform;

import static org.objectweb.asm.Opcodes.*;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LineNumberNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TypeInsnNode;
import org.objectweb.asm.tree.VarInsnNode;
import org.objectweb.asm.tree.analysis.BasicValue;
import org.objectweb.asm.tree.analysis.Frame;
import satin.contract.ContractNames;
import satin.rewriter.hierarchy.ClassHierarchy;
import satin.rewriter.spawn.CountedLoops;

/**
 * Makes the loops {@link CountedLoops} found splittable (see {@code satin.contract.LoopRange}), before the method's
 * spawn rewriting, which then treats the added instructions as ordinary code (both the fast and the slow copy hold
 * them, so a loop that leaves for the slow method keeps its range). For a loop {@code for (i = a; i < n; i++)
 * c[i] = t.m(args); sync();} of host {@code H}:
 * <pre>
 *   r = Spawns.loopEnter(new H$SatinLoopK(captured locals), a, n);   // before the test: once per loop
 *   test:  if (!r.next(i)) goto exit;                                  // instead of i &lt; n
 *   ... the body, unchanged ...
 *   exit:  Spawns.loopExit(r); sync();
 * </pre>
 * and adds to {@code H} a static synthetic {@code satin$loop$<m>$K(H$SatinLoopK r, int i)} holding a copy of the
 * body, with each captured local read from {@code r} into its own slot (shifted by the method's two parameters), and
 * generates {@code H$SatinLoopK extends LoopRange}: a public field per captured local and {@code iterate(i)} calling
 * that method. The copy is added after the spawn rewriting, so its spawn stays a plain call: a part runs its
 * iterations inline, as the loop does, and a thief's demand on the part's thread splits the part again.
 */
public final class LoopSplit {

    private static final String LOOP_RANGE = ContractNames.LOOP_RANGE;

    private final ClassNode host;
    private final ClassHierarchy hierarchy;
    private final Map<String, byte[]> records = new LinkedHashMap<>();
    private final List<MethodNode> bodies = new ArrayList<>();
    private int count;

    public LoopSplit(ClassNode host, ClassHierarchy hierarchy) {
        this.host = host;
        this.hierarchy = hierarchy;
    }

    /** Makes the loops of {@code method} splittable; returns how many it changed (0: the method is unchanged). */
    public int apply(MethodNode method, List<CountedLoops.Loop> loops) {
        if ((host.access & ACC_INTERFACE) != 0 || loops.isEmpty()) {
            return 0;
        }
        Frame<BasicValue>[] frames = StateTypes.of(hierarchy, host.name, method);
        if (frames == null) {
            return 0;
        }
        List<Plan> plans = new ArrayList<>();
        for (CountedLoops.Loop loop : loops) {
            Frame<BasicValue> frame = frames[method.instructions.indexOf(CountedLoops.real(loop.test()))];
            List<Type> types = new ArrayList<>();
            for (int var : loop.captured()) {
                Type t = frame == null ? null : frame.getLocal(var).getType();
                if (t == null) {
                    types = null;
                    break;
                }
                types.add(t.equals(StateTypes.NULL.getType()) ? Type.getObjectType("java/lang/Object") : t);
            }
            if (types != null) {
                plans.add(new Plan(loop, types));
            }
        }
        int originalLocals = method.maxLocals;
        for (Plan plan : plans) {
            rewrite(method, plan, originalLocals);
        }
        return plans.size();
    }

    /** The body methods made so far, to add to the host once its spawning methods were rewritten. */
    public void addBodies() {
        host.methods.addAll(bodies);
        bodies.clear();
    }

    /** The loop records generated, by internal name (already known to the hierarchy). */
    public Map<String, byte[]> records() {
        return records;
    }

    private record Plan(CountedLoops.Loop loop, List<Type> types) {
    }

    private void rewrite(MethodNode method, Plan plan, int originalLocals) {
        CountedLoops.Loop loop = plan.loop();
        int k = count++;
        String record = host.name + "$SatinLoop" + k;
        String bodyName = "satin$loop$" + method.name + "$" + k;
        String bodyDesc = "(L" + record + ";I)V";
        bodies.add(body(method, plan, bodyName, bodyDesc, record, originalLocals));
        byte[] bytes = recordClass(record, plan, bodyName, bodyDesc);
        records.put(record, bytes);
        hierarchy.add(bytes);

        int r = method.maxLocals++;
        InsnList enter = new InsnList();
        enter.add(new TypeInsnNode(NEW, record));
        enter.add(new InsnNode(DUP));
        enter.add(new MethodInsnNode(INVOKESPECIAL, record, "<init>", "()V", false));
        for (int i = 0; i < loop.captured().size(); i++) {
            int var = loop.captured().get(i);
            Type t = plan.types().get(i);
            enter.add(new InsnNode(DUP));
            enter.add(new VarInsnNode(t.getOpcode(ILOAD), var));
            enter.add(new FieldInsnNode(PUTFIELD, record, field(var), t.getDescriptor()));
        }
        enter.add(new VarInsnNode(ILOAD, loop.index()));
        enter.add(new VarInsnNode(loop.bound().getOpcode(), loop.bound().var));
        if (loop.boundIsLength()) {
            enter.add(new InsnNode(ARRAYLENGTH));
        }
        enter.add(new MethodInsnNode(INVOKESTATIC, ContractNames.SPAWNS, ContractNames.LOOP_ENTER,
                ContractNames.LOOP_ENTER_DESCRIPTOR, false));
        enter.add(new VarInsnNode(ASTORE, r));
        method.instructions.insertBefore(loop.test(), enter);

        // the test: "iload i; <bound>; if_icmpge exit" becomes "aload r; iload i; invokevirtual next; ifeq exit"
        AbstractInsnNode indexLoad = CountedLoops.real(loop.test());
        method.instructions.insertBefore(indexLoad, new VarInsnNode(ALOAD, r));
        if (loop.boundIsLength()) {
            method.instructions.remove(CountedLoops.real(loop.bound().getNext()));
        }
        method.instructions.remove(loop.bound());
        LabelNode exit = loop.exitJump().label;
        method.instructions.insertBefore(loop.exitJump(), new MethodInsnNode(INVOKEVIRTUAL, LOOP_RANGE,
                ContractNames.LOOP_NEXT, ContractNames.LOOP_NEXT_DESCRIPTOR, false));
        method.instructions.set(loop.exitJump(), new JumpInsnNode(IFEQ, exit));

        InsnList leave = new InsnList();
        leave.add(new VarInsnNode(ALOAD, r));
        leave.add(new MethodInsnNode(INVOKESTATIC, ContractNames.SPAWNS, ContractNames.LOOP_EXIT,
                ContractNames.LOOP_EXIT_DESCRIPTOR, false));
        method.instructions.insert(exit, leave);
    }

    private static String field(int var) {
        return "v" + var;
    }

    /** The host's copy of the loop's body for one index (see the class comment). */
    private MethodNode body(MethodNode method, Plan plan, String name, String desc, String record,
                            int originalLocals) {
        CountedLoops.Loop loop = plan.loop();
        MethodNode body = new MethodNode(ACC_STATIC | ACC_SYNTHETIC, name, desc, null, null);
        InsnList code = body.instructions;
        for (int i = 0; i < loop.captured().size(); i++) {
            int var = loop.captured().get(i);
            Type t = plan.types().get(i);
            code.add(new VarInsnNode(ALOAD, 0));
            code.add(new FieldInsnNode(GETFIELD, record, field(var), t.getDescriptor()));
            code.add(new VarInsnNode(t.getOpcode(ISTORE), var + 2));
        }
        code.add(new VarInsnNode(ILOAD, 1));
        code.add(new VarInsnNode(ISTORE, loop.index() + 2));
        Map<LabelNode, LabelNode> labels = new HashMap<>();
        for (AbstractInsnNode x = loop.first(); x != loop.step(); x = x.getNext()) {
            if (x instanceof LabelNode l) {
                labels.put(l, new LabelNode());
            }
        }
        for (AbstractInsnNode x = loop.first(); x != loop.step(); x = x.getNext()) {
            if (x instanceof LineNumberNode line && !labels.containsKey(line.start)
                    || x.getType() == AbstractInsnNode.FRAME) {
                continue;
            }
            AbstractInsnNode copy = x.clone(labels);
            if (copy instanceof VarInsnNode v) {
                v.var += 2;
            }
            code.add(copy);
        }
        code.add(new InsnNode(RETURN));
        body.maxLocals = originalLocals + 2;
        body.maxStack = method.maxStack + 2;
        return body;
    }

    private byte[] recordClass(String name, Plan plan, String bodyName, String bodyDesc) {
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_MAXS);
        cw.visit(V17, ACC_PUBLIC | ACC_FINAL | ACC_SUPER | ACC_SYNTHETIC, name, null, LOOP_RANGE, null);
        Marks.mark(cw);
        CountedLoops.Loop loop = plan.loop();
        for (int i = 0; i < loop.captured().size(); i++) {
            cw.visitField(ACC_PUBLIC, field(loop.captured().get(i)), plan.types().get(i).getDescriptor(), null, null)
                    .visitEnd();
        }
        RecordClassGenerator.constructor(cw, LOOP_RANGE);
        MethodVisitor iterate = cw.visitMethod(ACC_PROTECTED, ContractNames.LOOP_ITERATE,
                ContractNames.LOOP_ITERATE_DESCRIPTOR, null, new String[] {"java/lang/Throwable"});
        iterate.visitCode();
        iterate.visitVarInsn(ALOAD, 0);
        iterate.visitVarInsn(ILOAD, 1);
        iterate.visitMethodInsn(INVOKESTATIC, host.name, bodyName, bodyDesc, false);
        iterate.visitInsn(RETURN);
        iterate.visitMaxs(0, 0);
        iterate.visitEnd();
        cw.visitEnd();
        return cw.toByteArray();
    }
}
