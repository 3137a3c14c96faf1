package satin.rewriter.spawn;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldNode;
import org.objectweb.asm.tree.FrameNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LineNumberNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TypeInsnNode;
import org.objectweb.asm.tree.analysis.Analyzer;
import org.objectweb.asm.tree.analysis.AnalyzerException;
import org.objectweb.asm.tree.analysis.BasicInterpreter;
import org.objectweb.asm.tree.analysis.BasicValue;
import org.objectweb.asm.tree.analysis.Frame;
import satin.contract.ContractNames;
import satin.rewriter.diagnostic.Findings;
import satin.rewriter.diagnostic.SourceNames;
import satin.rewriter.hierarchy.ClassHierarchy;

/**
 * Finds the spawnable calls and sync() calls of a method and checks how each spawn's result is used: it must
 * go straight into a local variable, an array element or a field (optionally through a cast), with nothing
 * else on the operand stack. Anything else is reported as an error.
 */
public final class SiteFinder {

    private final ClassHierarchy hierarchy;
    private final String owner;
    private final Set<String> finalFields = new HashSet<>();
    private final java.util.Map<MethodNode, java.util.Optional<MethodInsnNode>> thisInitialisations =
            new java.util.IdentityHashMap<>();

    public SiteFinder(ClassHierarchy hierarchy, ClassNode host) {
        this.hierarchy = hierarchy;
        this.owner = host.name;
        for (FieldNode field : host.fields) {
            if ((field.access & Opcodes.ACC_FINAL) != 0) {
                finalFields.add(field.name + ':' + field.desc);
            }
        }
    }

    public MethodScan scan(MethodNode method, Findings findings) {
        List<SpawnSite> sites = new ArrayList<>();
        List<MethodInsnNode> syncs = new ArrayList<>();
        List<MethodInsnNode> aborts = new ArrayList<>();
        Set<LabelNode> targets = null;
        Frame<BasicValue>[] frames = null;
        for (AbstractInsnNode insn : method.instructions) {
            if (!(insn instanceof MethodInsnNode call)) {
                continue;
            }
            if (isSync(call)) {
                syncs.add(call);
                continue;
            }
            if (isAbort(call)) {
                aborts.add(call);
                continue;
            }
            if (!isSpawn(call)) {
                continue;
            }
            int line = Findings.lineOf(call);
            String what = "spawnable call " + SourceNames.method(call.owner, call.name);
            if (targets == null) {
                targets = JumpTargets.of(method);
                frames = frames(method, findings);
                if (frames == null) {
                    return new MethodScan(List.of(), List.of(), List.of());
                }
            }
            SpawnSite site = site(sites.size(), call, line, targets, method, findings, what);
            if (site == null) {
                continue;
            }
            if (beforeThisIsInitialised(method, call)) {
                findings.error(method, line, what + " runs before the constructor's super(...) or this(...) call;"
                        + " spawn after it, in the constructor's body");
                continue;
            }
            Frame<BasicValue> frame = frames[method.instructions.indexOf(call)];
            int expected = site.destination().capturedValues() + site.callOperands();
            if (frame != null && frame.getStackSize() != expected) {
                findings.error(method, line, what + " is part of a larger expression; a spawn must be a statement"
                        + " of its own, like 'x = obj.m(...);'");
                continue;
            }
            sites.add(site);
        }
        return new MethodScan(sites, syncs, aborts);
    }

    private SpawnSite site(int id, MethodInsnNode call, int line, Set<LabelNode> targets, MethodNode method,
                           Findings findings, String what) {
        Type result = Type.getReturnType(call.desc);
        if (result.getSort() == Type.VOID) {
            return new SpawnSite(id, call, null, null, Destination.NONE, line);
        }
        AbstractInsnNode next = nextReal(call, targets);
        TypeInsnNode cast = null;
        if (next != null && next.getOpcode() == Opcodes.CHECKCAST) {
            cast = (TypeInsnNode) next;
            next = nextReal(next, targets);
        }
        Destination destination = next == null ? null : Destination.of(next, result);
        if (destination != null && destination.owner() != null && destination.owner().equals(owner)
                && finalFields.contains(destination.name() + ':' + destination.descriptor())
                && !method.name.equals("<clinit>")) {
            // A static initializer runs its spawns as plain calls (see Rewriter), so its stores stay where they are.
            findings.error(method, line, "result of " + what + " is stored into final field '" + destination.name()
                    + "', which only the constructor itself may assign, while a spawn's result arrives at sync();"
                    + " store it in a local variable, sync(), then assign the field");
            return null;
        }
        if (destination != null) {
            return new SpawnSite(id, call, cast, next, destination, line);
        }
        int op = next == null ? -1 : next.getOpcode();
        if (cast == null && (op == Opcodes.POP || op == Opcodes.POP2)) {
            // The result is discarded: a spawn for the call's effects, as the original accepted; the pop stays
            // with the inline call, a queued call's result is never delivered.
            return new SpawnSite(id, call, null, next, Destination.NONE, line);
        }
        if (op >= Opcodes.IRETURN && op <= Opcodes.ARETURN) {
            findings.error(method, line, "'return' of " + what + ": its result is only defined after sync();"
                    + " store it, call sync(), then return it");
        } else {
            findings.error(method, line, "result of " + what + " is not stored: it is used in an expression or"
                    + " passed as an argument; store it in a local variable, an array element or a field and"
                    + " use it after sync()");
        }
        return null;
    }

    private boolean isSync(MethodInsnNode call) {
        return call.getOpcode() == Opcodes.INVOKEVIRTUAL && call.name.equals(ContractNames.SYNC) && call.desc.equals(ContractNames.SYNC_DESCRIPTOR)
                && hierarchy.isSubclassOf(call.owner, ClassHierarchy.SATIN_OBJECT);
    }

    private boolean isAbort(MethodInsnNode call) {
        return call.getOpcode() == Opcodes.INVOKEVIRTUAL && call.name.equals(ContractNames.ABORT)
                && call.desc.equals(ContractNames.ABORT_DESCRIPTOR)
                && hierarchy.isSubclassOf(call.owner, ClassHierarchy.SATIN_OBJECT);
    }

    private boolean isSpawn(MethodInsnNode call) {
        int op = call.getOpcode();
        return (op == Opcodes.INVOKEVIRTUAL || op == Opcodes.INVOKEINTERFACE)
                && hierarchy.spawnableDeclaration(call.owner, call.name, call.desc).isPresent();
    }

    /** The next instruction after {@code insn} that executes, or null if control can also arrive by a jump. */
    private static AbstractInsnNode nextReal(AbstractInsnNode insn, Set<LabelNode> targets) {
        for (AbstractInsnNode n = insn.getNext(); n != null; n = n.getNext()) {
            if (n instanceof LabelNode label) {
                if (targets.contains(label)) {
                    return null;
                }
            } else if (!(n instanceof LineNumberNode) && !(n instanceof FrameNode)) {
                return n;
            }
        }
        return null;
    }

    /** Whether {@code call} comes before a constructor's {@code super(...)}/{@code this(...)} call. */
    private boolean beforeThisIsInitialised(MethodNode method, MethodInsnNode call) {
        if (!method.name.equals("<init>")) {
            return false;
        }
        MethodInsnNode init = thisInitialisations.computeIfAbsent(method,
                m -> java.util.Optional.ofNullable(ConstructorStart.of(owner, m))).orElse(null);
        return init == null || method.instructions.indexOf(call) < method.instructions.indexOf(init);
    }

    private Frame<BasicValue>[] frames(MethodNode method, Findings findings) {
        try {
            return new Analyzer<>(new BasicInterpreter()).analyze(owner, method);
        } catch (AnalyzerException e) {
            findings.error(method, Findings.firstLine(method), "cannot analyse the bytecode: " + e.getMessage());
            return null;
        }
    }
}
