package satin.rewriter.transform;

import static org.objectweb.asm.Opcodes.*;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LocalVariableNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TryCatchBlockNode;
import satin.contract.ContractNames;
import satin.rewriter.spawn.MethodScan;
import satin.rewriter.spawn.SpawnSite;

/**
 * The fast copy of a method (the "fast clone" of Cilk-5, kept in the same method): the original instructions, taken
 * before the spawn rewriting, in which a spawn is the original call behind one test and a {@code sync()} does nothing.
 *
 * <p>The rewritten method runs this copy first. While it runs, nothing it spawned is outstanding (every spawn ran as a
 * plain call), so it needs no frame, no record locals, no result copies and no method-wide handler. Where the
 * runtime wants work exposed ({@code Spawns.inline()} false) the copy jumps into the <em>slow copy</em> (the rewritten
 * shape of {@link MethodTransformer}) at the same spawn, with the same operands on the stack and the same locals,
 * which is a valid state of the slow copy: the one where every earlier spawn ran inline. An exception of a plain call
 * goes to the slow copy's handler of that site, which keeps it for the next {@code sync()}. After each of its
 * {@code sync()}s the slow copy jumps back here (nothing is outstanding then), so the work-first path is taken again.
 *
 * <p>Both copies use the same local slots and the same operand-stack shapes, so every jump between them is a jump
 * within one method whose stack-map frames ASM recomputes; code of the slow copy that no jump reaches (its start)
 * is dropped by ASM's frame computation.
 */
final class FastCopy {

    /** Methods larger than this keep the slow shape only: two copies must stay well inside the 64 KB limit. */
    private static final int MAX_INSTRUCTIONS = 6_000;

    private final InsnList code = new InsnList();
    private final Map<AbstractInsnNode, AbstractInsnNode> clones = new IdentityHashMap<>();
    private final List<TryCatchBlockNode> blocks = new ArrayList<>();
    private final List<LocalVariableNode> locals = new ArrayList<>();
    private final Map<MethodInsnNode, LabelNode> afterSync = new IdentityHashMap<>();
    private final List<TryCatchBlockNode> siteHandlers = new ArrayList<>();

    /**
     * Whether a method gets a fast copy: it spawns, is neither a constructor (no jump may reach code before its
     * {@code super(...)}) nor a static initializer, has no {@code abort()} (it acts on the frame, which is the slow
     * copy's business), and is small enough to be doubled. Inlets do not stand in the way: a plain call that throws
     * under an inlet leaves for the slow copy's handler of its site, which hands the exception to the frame for the
     * inlet as an inline call of the slow copy does, and the slow copy's {@code sync()} runs the inlet.
     */
    static boolean applies(MethodNode method, MethodScan scan) {
        return !scan.sites().isEmpty() && scan.aborts().isEmpty()
                && !method.name.equals("<init>") && !method.name.equals("<clinit>")
                && method.instructions.size() <= MAX_INSTRUCTIONS
                && method.visibleLocalVariableAnnotations == null && method.invisibleLocalVariableAnnotations == null;
    }

    /** Copies {@code method}'s instructions, handlers and local variable entries as they are now. */
    FastCopy(MethodNode method, MethodScan scan) {
        Map<LabelNode, LabelNode> labels = new IdentityHashMap<>();
        for (AbstractInsnNode insn : method.instructions) {
            if (insn instanceof LabelNode label) {
                labels.put(label, new LabelNode());
            }
        }
        for (AbstractInsnNode insn : method.instructions) {
            AbstractInsnNode copy = insn.clone(labels);
            clones.put(insn, copy);
            code.add(copy);
        }
        for (TryCatchBlockNode block : method.tryCatchBlocks) {
            blocks.add(new TryCatchBlockNode(labels.get(block.start), labels.get(block.end),
                    labels.get(block.handler), block.type));
        }
        if (method.localVariables != null) {
            for (LocalVariableNode local : method.localVariables) {
                locals.add(new LocalVariableNode(local.name, local.desc, local.signature, labels.get(local.start),
                        labels.get(local.end), local.index));
            }
        }
        // sync() and the inlet dispatch loop before it do nothing here: nothing is outstanding; the label after the
        // sync() is where the slow copy comes back (after its own loop has run the inlets)
        InletExpansion.skipLoops(code);
        for (MethodInsnNode sync : scan.syncs()) {
            AbstractInsnNode copy = clones.get(sync);
            LabelNode after = new LabelNode();
            code.insert(copy, after);
            code.set(copy, new InsnNode(POP));
            afterSync.put(sync, after);
        }
        dropUnreachable();
    }

    /**
     * Removes the instructions no path from the start reaches (the inlets' dispatch loops that {@code skipLoops} cut
     * off and the inlet copies only they reach), with the handlers that then cover nothing: left in, the class
     * writer would turn them into {@code nop}s and {@code athrow}s that still count in the method's size, and the JIT
     * inlines a method only below a size. Labels stay (handlers, local variables and line numbers name them).
     */
    private void dropUnreachable() {
        java.util.Set<AbstractInsnNode> live = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
        java.util.ArrayDeque<AbstractInsnNode> work = new java.util.ArrayDeque<>();
        work.add(code.getFirst());
        afterSync.values().forEach(work::add);
        boolean grew = true;
        while (grew) {
            while (!work.isEmpty()) {
                AbstractInsnNode insn = work.poll();
                if (insn == null || !live.add(insn)) {
                    continue;
                }
                if (insn instanceof JumpInsnNode jump) {
                    work.add(jump.label);
                } else if (insn instanceof org.objectweb.asm.tree.TableSwitchInsnNode table) {
                    work.addAll(table.labels);
                    work.add(table.dflt);
                } else if (insn instanceof org.objectweb.asm.tree.LookupSwitchInsnNode lookup) {
                    work.addAll(lookup.labels);
                    work.add(lookup.dflt);
                }
                int op = insn.getOpcode();
                if (op != GOTO && op != ATHROW && op != RET && !(op >= IRETURN && op <= RETURN)
                        && !(insn instanceof org.objectweb.asm.tree.TableSwitchInsnNode)
                        && !(insn instanceof org.objectweb.asm.tree.LookupSwitchInsnNode)) {
                    work.add(insn.getNext());
                }
            }
            grew = false;
            for (TryCatchBlockNode block : blocks) {
                if (!live.contains(block.handler) && coversLive(block, live)) {
                    work.add(block.handler);
                    grew = true;
                }
            }
        }
        blocks.removeIf(block -> !coversLive(block, live));
        for (AbstractInsnNode insn : code.toArray()) {
            if (!live.contains(insn) && !(insn instanceof LabelNode)
                    && !(insn instanceof org.objectweb.asm.tree.LineNumberNode)) {
                code.remove(insn);
            }
        }
        clones.values().removeIf(copy -> !live.contains(copy) && !(copy instanceof LabelNode));
    }

    /** Whether an instruction that does something (not a label or line number) in {@code block}'s range is live. */
    private static boolean coversLive(TryCatchBlockNode block, java.util.Set<AbstractInsnNode> live) {
        for (AbstractInsnNode insn = block.start; insn != null && insn != block.end; insn = insn.getNext()) {
            if (insn.getOpcode() >= 0 && live.contains(insn)) {
                return true;
            }
        }
        return false;
    }

    /** The copy of the original instruction {@code original}, or null if the copy does not reach it. */
    AbstractInsnNode copyOf(AbstractInsnNode original) {
        return clones.get(original);
    }

    /** Whether {@code site}'s call is still in this copy (not cut off with an inlet copy, see dropUnreachable). */
    boolean has(SpawnSite site) {
        return clones.containsKey(site.call());
    }

    /**
     * Makes the copy of {@code site}'s call (an {@code invokevirtual} of the method itself on a class where it cannot
     * be overridden) call the private method {@code name} of {@code owner} with the same descriptor instead: the
     * method's other fast copy, which polls at other sites (see {@link NonPollingCopy}).
     */
    void redirect(SpawnSite site, String owner, String name) {
        if (clones.get(site.call()) instanceof MethodInsnNode call) {
            call.setOpcode(INVOKESPECIAL); // a private method of the same class: valid in class files of every version
            call.owner = owner;
            call.name = name;
            call.itf = false;
        }
    }

    /** Where the slow copy continues in this copy after the slow copy's version of {@code sync}. */
    LabelNode afterSync(MethodInsnNode sync) {
        return afterSync.get(sync);
    }

    /**
     * Makes the copy of {@code site}'s call a fast-path spawn: an exception of the call goes to {@code slowHandler},
     * the slow copy's handler of the same site; a polling site (see {@code PollSites}) first tests
     * {@code if (!Spawns.inline()) goto slowSpawn}, the slow copy's spawn of the same site.
     */
    void guard(SpawnSite site, boolean polls, LabelNode slowSpawn, LabelNode slowHandler) {
        AbstractInsnNode call = clones.get(site.call());
        if (call == null) {
            return; // unreachable here (a spawn in an inlet copy): the slow copy's loop runs that copy
        }
        LabelNode tryStart = new LabelNode();
        LabelNode tryEnd = new LabelNode();
        InsnList test = new InsnList();
        if (polls) {
            test.add(new MethodInsnNode(INVOKESTATIC, ContractNames.SPAWNS, ContractNames.INLINE,
                    ContractNames.INLINE_DESCRIPTOR, false));
            test.add(new JumpInsnNode(IFEQ, slowSpawn));
        }
        test.add(tryStart);
        code.insertBefore(call, test);
        code.insert(call, tryEnd);
        siteHandlers.add(new TryCatchBlockNode(tryStart, tryEnd, slowHandler, "java/lang/Throwable"));
    }

    /**
     * Makes this copy the code of {@code target} (whose instruction list is empty): the copy followed by its
     * out-of-line {@code exits}, the copy's handlers (the guarded calls' first), and its local variable entries when
     * {@code withLocals}.
     */
    void installIn(MethodNode target, InsnList exits, boolean withLocals) {
        target.instructions.add(code);
        target.instructions.add(exits);
        List<TryCatchBlockNode> all = new ArrayList<>(siteHandlers);
        all.addAll(blocks);
        target.tryCatchBlocks = all;
        target.localVariables = withLocals ? new ArrayList<>(locals) : null;
    }

    /** The instructions of the copy (moved out of this object into the method by the caller). */
    InsnList code() {
        return code;
    }

    /** The handlers of the guarded calls: they come first in the exception table (innermost). */
    List<TryCatchBlockNode> siteHandlers() {
        return siteHandlers;
    }

    /** The copies of the method's own try/catch blocks. */
    List<TryCatchBlockNode> blocks() {
        return blocks;
    }

    /** The copies of the local variable table's entries. */
    List<LocalVariableNode> locals() {
        return locals;
    }
}
