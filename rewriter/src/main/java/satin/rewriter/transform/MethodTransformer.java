package satin.rewriter.transform;

import static org.objectweb.asm.Opcodes.*;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LocalVariableNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TryCatchBlockNode;
import org.objectweb.asm.tree.TypeInsnNode;
import org.objectweb.asm.tree.VarInsnNode;
import org.objectweb.asm.tree.analysis.BasicValue;
import org.objectweb.asm.tree.analysis.Frame;
import satin.rewriter.hierarchy.ClassHierarchy;
import satin.contract.ContractNames;
import satin.rewriter.spawn.Destination;
import satin.rewriter.spawn.MethodScan;
import satin.rewriter.spawn.PendingSpawns;
import satin.rewriter.spawn.PollSites;
import satin.rewriter.spawn.SpawnSite;
import satin.rewriter.spawn.SummedArray;

/**
 * Rewrites one method into the shape documented on {@code satin.contract.Spawns}: a frame local, a record
 * local per local-destination spawn site, the inline-or-spawn split at each site (the inline branch keeps the
 * original call and store instructions), sync() calls replaced by {@code Spawns.sync}, an implicit sync before
 * each return where a spawn may be pending (elsewhere the frame is known to be empty) and a method-wide
 * handler that abandons the frame and rethrows. In a constructor the handler starts right after the
 * {@code super(...)}/{@code this(...)} call ({@code thisInitialised}): no handler may cover code where {@code this}
 * is still uninitialised, and no spawn can come before that call.
 */
final class MethodTransformer {

    private static final String SPAWNS = ContractNames.SPAWNS;

    private final MethodNode method;
    private final AbstractInsnNode thisInitialised;
    private final Map<SpawnSite, RecordSpec> records;
    private final int frame;
    private final int[] recordVars;
    private final Map<MethodInsnNode, Integer> inletGroups;
    private final boolean guardedCopies;
    private final boolean fastCopy;
    /**
     * Sites whose local destination already holds a value of its own variable at the spawn (the local variable table
     * says the variable is in scope there): a queued call, or an inline call that threw, leaves that value, so an
     * aborted spawn's destination keeps it, as in sequential Java. Without debug information the local is zeroed.
     */
    private final BitSet keepsValue;
    /** The fast copy, taken when {@link #transform} starts; null for methods that keep the slow shape only. */
    private FastCopy fast;
    /** Whether every spawn is queued, never a plain call (the method calls abort() outside its inlets). */
    private final boolean queueEverySpawn;
    /** The sites of the fast copy that ask the runtime (the others run as plain calls), by site id. */
    private BitSet polls;
    /** The host class and its hierarchy, for the slow method; null hierarchy: no slow method. */
    private final ClassNode host;
    private final ClassHierarchy hierarchy;
    private final int originalLocals;
    /** The slow method the fast copy leaves to, and the fast copy that stays in the method; null if not split. */
    private SlowMethod slow;
    private FastCopy outer;
    private Frame<BasicValue>[] frames;
    /** The out-of-line exits of {@link #outer}, appended after its code. */
    private final InsnList outerExits = new InsnList();
    /** The non-polling copy of a self-recursive method ({@link NonPollingCopy}), or null. */
    private NonPollingCopy quiet;
    /** The arrays of spawn results the method only sums, which {@link #outer} and {@link #quiet} do without. */
    private DeferredArrays deferred;

    /**
     * @param thisInitialised in a constructor, the call that initialises {@code this}; null in other methods
     * @param frame           the frame local if already allocated (by {@link InletExpansion}), else -1
     * @param inletGroups     the inlet group of each spawn call under an inlet
     */
    MethodTransformer(ClassNode host, ClassHierarchy hierarchy, MethodNode method, AbstractInsnNode thisInitialised,
                      List<SpawnSite> sites, Map<SpawnSite, RecordSpec> records, int frame,
                      Map<MethodInsnNode, Integer> inletGroups, boolean hasAborts, boolean queueEverySpawn) {
        this.host = host;
        this.hierarchy = hierarchy;
        this.originalLocals = method.maxLocals;
        this.method = method;
        this.thisInitialised = thisInitialised;
        this.records = records;
        this.inletGroups = inletGroups;
        // a record given to an inlet, or aborted, has no result to copy: the copy asks Spawns.hasResult first
        this.guardedCopies = hasAborts || !inletGroups.isEmpty();
        this.frame = frame >= 0 ? frame : method.maxLocals++;
        this.queueEverySpawn = queueEverySpawn;
        // the fast copy runs spawns as plain calls: a method whose every spawn is queued has none
        this.fastCopy = thisInitialised == null && !queueEverySpawn;
        this.recordVars = new int[sites.size()];
        for (SpawnSite site : sites) {
            recordVars[site.id()] = isLocal(site) ? method.maxLocals++ : -1;
        }
        this.keepsValue = assignedBefore(method, sites);
    }

    private static BitSet assignedBefore(MethodNode method, List<SpawnSite> sites) {
        BitSet keeps = new BitSet();
        if (method.localVariables == null) {
            return keeps;
        }
        InsnList insns = method.instructions;
        for (SpawnSite site : sites) {
            if (!isLocal(site)) {
                continue;
            }
            int at = insns.indexOf(site.call());
            for (LocalVariableNode v : method.localVariables) {
                // javac starts a variable's range after its first assignment, so a range holding the call means the
                // variable is definitely assigned there and its slot holds that variable's type
                if (v.index == site.destination().var() && sameKind(v.desc, site.destination().opcode())
                        && insns.indexOf(v.start) <= at && at < insns.indexOf(v.end)) {
                    keeps.set(site.id());
                }
            }
        }
        return keeps;
    }

    private static boolean sameKind(String descriptor, int storeOpcode) {
        return switch (storeOpcode) {
            case LSTORE -> descriptor.equals("J");
            case FSTORE -> descriptor.equals("F");
            case DSTORE -> descriptor.equals("D");
            case ASTORE -> descriptor.startsWith("L") || descriptor.startsWith("[");
            default -> descriptor.length() == 1 && "IZBCS".contains(descriptor);
        };
    }

    private static boolean isLocal(SpawnSite site) {
        return site.destination().kind() == Destination.Kind.LOCAL;
    }

    void transform(MethodScan scan, PendingSpawns pending) {
        if (fastCopy && FastCopy.applies(method, scan)) {
            fast = new FastCopy(method, scan); // before anything changes: the copy is the original code
            polls = PollSites.of(method, scan);
            planSlowMethod(scan);
        }
        List<AbstractInsnNode> returns = new ArrayList<>();
        for (AbstractInsnNode insn : method.instructions) {
            if (insn.getOpcode() >= IRETURN && insn.getOpcode() <= RETURN) {
                returns.add(insn); // collected first: the code added below must not be scanned
            }
        }
        pending.forgetAfterStore().forEach((store, sites) -> method.instructions.insert(store, forget(sites)));
        List<TryCatchBlockNode> inlineHandlers = new ArrayList<>();
        for (SpawnSite site : scan.sites()) {
            inlineHandlers.add(rewriteSpawn(site, rivals(site, scan.sites())));
        }
        BitSet recordSites = new BitSet();
        for (SpawnSite site : scan.sites()) {
            if (isLocal(site)) {
                recordSites.set(site.id());
            }
        }
        for (MethodInsnNode sync : scan.syncs()) {
            InsnList code = new InsnList();
            code.add(new InsnNode(POP));
            code.add(syncCall());
            BitSet copied = pending.copiesAt(sync);
            code.add(copies(scan.sites(), copied));
            if (fast != null) {
                // nothing is outstanding after a sync: back to the fast copy, with every record local cleared
                BitSet others = (BitSet) recordSites.clone();
                others.andNot(copied);
                code.add(forget(others));
                code.add(new JumpInsnNode(GOTO, fast.afterSync(sync)));
            }
            method.instructions.insertBefore(sync, code);
            method.instructions.remove(sync);
        }
        for (MethodInsnNode abort : scan.aborts()) {
            InsnList code = new InsnList();
            code.add(new InsnNode(POP));
            code.add(new VarInsnNode(ALOAD, frame));
            code.add(new MethodInsnNode(INVOKESTATIC, SPAWNS, ContractNames.SPAWNS_ABORT,
                    ContractNames.SPAWNS_ABORT_DESCRIPTOR, false));
            method.instructions.insertBefore(abort, code);
            method.instructions.remove(abort);
        }
        for (AbstractInsnNode ret : returns) {
            if (pending.pendingAt(ret)) {
                method.instructions.insertBefore(ret, syncCall());
            }
        }
        wrap(inlineHandlers);
    }

    /**
     * Decides whether the method is split ({@link SlowMethod}): the types of the state at every spawn must be known,
     * and no monitor may be held across the move to the slow method.
     * Then the method will keep a second fast copy, {@link #outer}, which leaves to the slow method.
     */
    private void planSlowMethod(MethodScan scan) {
        for (AbstractInsnNode insn : method.instructions) {
            if (insn.getOpcode() == MONITORENTER || insn.getOpcode() == MONITOREXIT) {
                return; // a monitor entered in one frame must be exited in the same frame (structured locking)
            }
        }
        if (hierarchy == null || (frames = StateTypes.of(hierarchy, host.name, method)) == null) {
            return;
        }
        List<Frame<BasicValue>> atSites = new ArrayList<>();
        for (SpawnSite site : scan.sites()) {
            atSites.add(frames[method.instructions.indexOf(site.call())]);
        }
        DeferredArrays summed = new DeferredArrays(SummedArray.find(method, scan), originalLocals);
        slow = SlowMethod.plan(host, hierarchy, method, originalLocals + summed.slots(), atSites);
        if (slow != null) {
            deferred = summed;
            outer = new FastCopy(method, scan);
            quiet = NonPollingCopy.plan(host, method, scan, outer);
            frames = atSites.toArray(Frame[]::new); // by site id from here on
        }
    }

    /** Other sites storing into the same local: once this one has run, their pending results are stale. */
    private static BitSet rivals(SpawnSite site, List<SpawnSite> sites) {
        BitSet rivals = new BitSet();
        if (isLocal(site)) {
            for (SpawnSite other : sites) {
                if (other != site && other.writesLocal(site.destination().var(), site.destination().localSize())) {
                    rivals.set(other.id());
                }
            }
        }
        return rivals;
    }

    private TryCatchBlockNode rewriteSpawn(SpawnSite site, BitSet rivals) {
        RecordSpec spec = records.get(site);
        int group = inletGroups.getOrDefault(site.call(), 0);
        LabelNode spawn = new LabelNode();
        LabelNode tryStart = new LabelNode();
        LabelNode tryEnd = new LabelNode();
        LabelNode handler = new LabelNode();
        LabelNode done = new LabelNode();

        InsnList before = new InsnList();
        if (queueEverySpawn) {
            before.add(new InsnNode(ICONST_0)); // "queue": the plain call below is left unreachable
        } else {
            before.add(new MethodInsnNode(INVOKESTATIC, SPAWNS, ContractNames.INLINE,
                    ContractNames.INLINE_DESCRIPTOR, false));
        }
        before.add(new JumpInsnNode(IFEQ, spawn));
        before.add(tryStart);
        method.instructions.insertBefore(site.call(), before);
        method.instructions.insert(site.call(), tryEnd);

        InsnList after = new InsnList();
        if (isLocal(site)) {
            after.add(new InsnNode(ACONST_NULL));
            after.add(new VarInsnNode(ASTORE, recordVars[site.id()]));
        }
        after.add(new JumpInsnNode(GOTO, done));
        after.add(handler);
        // the slow method's dispatch enters at 'caught', not at the handler: C1 refuses to compile a method whose
        // handler is also reached by normal control flow, and the slow method would then stay interpreted
        LabelNode caught = new LabelNode();
        after.add(new JumpInsnNode(GOTO, caught));
        after.add(caught);
        after.add(new VarInsnNode(ALOAD, frame));
        if (group > 0) {
            after.add(intConstant(group));
            after.add(new MethodInsnNode(INVOKESTATIC, SPAWNS, ContractNames.FAILED_INLET,
                    ContractNames.FAILED_INLET_DESCRIPTOR, false));
        } else {
            after.add(new MethodInsnNode(INVOKESTATIC, SPAWNS, ContractNames.FAILED, ContractNames.FAILED_DESCRIPTOR,
                    false));
        }
        after.add(new VarInsnNode(ASTORE, frame));
        storeZero(after, site);
        after.add(new JumpInsnNode(GOTO, done));
        after.add(spawn);
        after.add(new MethodInsnNode(INVOKESTATIC, spec.name(), RecordSpec.CREATE, spec.createDescriptor(), false));
        if (isLocal(site)) {
            after.add(new InsnNode(DUP));
            after.add(new VarInsnNode(ASTORE, recordVars[site.id()]));
        }
        after.add(new VarInsnNode(ALOAD, frame));
        if (group > 0) {
            after.add(intConstant(group));
            after.add(new MethodInsnNode(INVOKESTATIC, SPAWNS, ContractNames.SPAWN_INLET,
                    ContractNames.SPAWN_INLET_DESCRIPTOR, false));
        } else {
            after.add(new MethodInsnNode(INVOKESTATIC, SPAWNS, ContractNames.SPAWN, ContractNames.SPAWN_DESCRIPTOR,
                    false));
        }
        after.add(new VarInsnNode(ASTORE, frame));
        storeZero(after, site);
        after.add(done);
        after.add(forget(rivals));
        method.instructions.insert(site.store() == null ? tryEnd : site.store(), after);
        if (fast != null) {
            boolean polled = polls.get(site.id());
            fast.guard(site, polled, spawn, handler);
            if (outer != null && outer.has(site)) {
                Frame<BasicValue> state = frames[site.id()];
                outer.guard(site, polled, polled ? slow.exit(state, false, spawn, outerExits, site, deferred) : null,
                        slow.exit(state, true, caught, outerExits, site, deferred));
                if (quiet != null) {
                    quiet.guard(site, slow, state, spawn, caught, deferred);
                }
            }
        }
        return new TryCatchBlockNode(tryStart, tryEnd, handler, "java/lang/Throwable");
    }

    private static AbstractInsnNode intConstant(int value) {
        return value <= 5 ? new InsnNode(ICONST_0 + value) : value <= Short.MAX_VALUE
                ? new org.objectweb.asm.tree.IntInsnNode(SIPUSH, value) : new org.objectweb.asm.tree.LdcInsnNode(value);
    }

    /**
     * Keeps the destination local definitely assigned (for the verifier) on paths where the call did not run, unless
     * it already holds its variable's value (which then stays, see {@link #keepsValue}).
     */
    private void storeZero(InsnList code, SpawnSite site) {
        if (isLocal(site) && !keepsValue.get(site.id())) {
            code.add(new InsnNode(site.destination().zeroOpcode()));
            code.add(new VarInsnNode(site.destination().opcode(), site.destination().var()));
        }
    }

    private InsnList forget(BitSet sites) {
        InsnList code = new InsnList();
        for (int s = sites.nextSetBit(0); s >= 0; s = sites.nextSetBit(s + 1)) {
            code.add(new InsnNode(ACONST_NULL));
            code.add(new VarInsnNode(ASTORE, recordVars[s]));
        }
        return code;
    }

    /**
     * {@code Spawns.sync(frame); frame = null;} with the frame cleared before the call: when sync() rethrows a
     * spawn's exception and the method catches it, a later sync (or return) must not sync those records again.
     */
    private InsnList syncCall() {
        InsnList code = new InsnList();
        code.add(new VarInsnNode(ALOAD, frame));
        code.add(new InsnNode(ACONST_NULL));
        code.add(new VarInsnNode(ASTORE, frame));
        code.add(new MethodInsnNode(INVOKESTATIC, SPAWNS, ContractNames.SPAWNS_SYNC,
                ContractNames.SPAWNS_SYNC_DESCRIPTOR, false));
        return code;
    }

    /**
     * After a sync: {@code if (rec != null) { local = rec.result; rec = null; }} per pending local site; in a method
     * with inlets or aborts {@code if (rec != null) { if (Spawns.hasResult(rec)) local = rec.result; rec = null; }}.
     */
    private InsnList copies(List<SpawnSite> sites, BitSet pending) {
        InsnList code = new InsnList();
        for (int s = pending.nextSetBit(0); s >= 0; s = pending.nextSetBit(s + 1)) {
            SpawnSite site = sites.get(s);
            RecordSpec spec = records.get(site);
            LabelNode skip = new LabelNode();
            int var = recordVars[s];
            code.add(new VarInsnNode(ALOAD, var));
            code.add(new JumpInsnNode(IFNULL, skip));
            LabelNode clear = new LabelNode();
            if (guardedCopies) {
                code.add(new VarInsnNode(ALOAD, var));
                code.add(new MethodInsnNode(INVOKESTATIC, SPAWNS, ContractNames.HAS_RESULT,
                        ContractNames.HAS_RESULT_DESCRIPTOR, false));
                code.add(new JumpInsnNode(IFEQ, clear));
            }
            code.add(new VarInsnNode(ALOAD, var));
            code.add(new FieldInsnNode(GETFIELD, spec.name(), RecordSpec.RESULT_FIELD,
                    spec.shape().resultType().getDescriptor()));
            if (spec.shape().cast() != null) {
                code.add(new TypeInsnNode(CHECKCAST, spec.shape().cast()));
            }
            code.add(new VarInsnNode(site.destination().opcode(), site.destination().var()));
            code.add(clear);
            code.add(new InsnNode(ACONST_NULL));
            code.add(new VarInsnNode(ASTORE, var));
            code.add(skip);
        }
        return code;
    }

    /** Initialises the frame and record locals and adds the method-wide abandon-and-rethrow handler. */
    private void wrap(List<TryCatchBlockNode> inlineHandlers) {
        LabelNode start = new LabelNode();
        LabelNode end = new LabelNode();
        LabelNode handler = new LabelNode();
        InsnList prologue = new InsnList();
        prologue.add(new InsnNode(ACONST_NULL));
        prologue.add(new VarInsnNode(ASTORE, frame));
        for (int var : recordVars) {
            if (var >= 0) {
                prologue.add(new InsnNode(ACONST_NULL));
                prologue.add(new VarInsnNode(ASTORE, var));
            }
        }
        LabelNode fastStart = new LabelNode();
        if (thisInitialised == null) {
            prologue.add(fastStart);
            if (fast != null) {
                // the fast copy runs first; the method-wide handler covers only the slow copy (the fast one never
                // has anything outstanding to abandon)
                prologue.add(fast.code());
            }
            prologue.add(start);
            method.instructions.insert(prologue);
        } else {
            method.instructions.insert(prologue);
            method.instructions.insert(thisInitialised, start);
        }
        method.instructions.add(end);
        method.instructions.add(handler);
        method.instructions.add(new VarInsnNode(ALOAD, frame));
        method.instructions.add(new MethodInsnNode(INVOKESTATIC, SPAWNS, ContractNames.ABANDON,
                ContractNames.ABANDON_DESCRIPTOR, false));
        method.instructions.add(new InsnNode(ATHROW));
        List<TryCatchBlockNode> blocks = new ArrayList<>();
        if (fast != null) {
            blocks.addAll(fast.siteHandlers());
        }
        blocks.addAll(inlineHandlers);
        blocks.addAll(method.tryCatchBlocks);
        if (fast != null) {
            blocks.addAll(fast.blocks());
            if (method.localVariables != null) {
                method.localVariables.addAll(fast.locals());
            }
        }
        blocks.add(new TryCatchBlockNode(start, end, handler, null));
        method.tryCatchBlocks = blocks;
        if (outer != null) {
            split(fastStart);
        }
    }

    /**
     * Moves the rewritten body (both copies) into the slow method and leaves the outer fast copy, with its exits, in
     * the method. {@code fastStart} ends the prologue that clears the frame and record locals.
     */
    private void split(LabelNode fastStart) {
        deferred.rewrite(outer);
        if (quiet != null) {
            quiet.rewrite(deferred);
        }
        InsnList prologue = new InsnList();
        while (method.instructions.getFirst() != fastStart) {
            AbstractInsnNode insn = method.instructions.getFirst();
            method.instructions.remove(insn);
            prologue.add(insn);
        }
        InsnList body = new InsnList();
        body.add(method.instructions);
        MethodNode slowMethod = slow.create(method, prologue, body, method.maxLocals);
        slowMethod.tryCatchBlocks = method.tryCatchBlocks;
        slowMethod.localVariables = method.localVariables;
        outer.installIn(method, outerExits, method.localVariables != null);
        method.maxLocals = originalLocals;
        if (quiet != null) {
            host.methods.add(quiet.create(method, originalLocals));
        }
    }
}
