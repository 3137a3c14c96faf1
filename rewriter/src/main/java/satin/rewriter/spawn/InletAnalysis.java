package satin.rewriter.spawn;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collections;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TryCatchBlockNode;
import satin.rewriter.diagnostic.Findings;
import satin.rewriter.diagnostic.SourceNames;

/**
 * Finds a method's inlets and checks their forms. An <em>inlet</em> is a {@code catch} block (an exception-table
 * entry with a type; {@code finally} is not one) whose {@code try} block holds a spawn but no {@code sync()}: an
 * exception thrown by such a spawn runs the catch block at the {@code sync()} that waits for the spawn, and the
 * method then goes on waiting there. A catch block whose {@code try} block also holds the {@code sync()} stays an
 * ordinary handler: the exception reaches it when {@code sync()} rethrows it, as without inlets.
 *
 * <p>The catch block's extent is what the bytecode says, not the source: the instructions reachable from the
 * handler that cannot be reached from the method's entry without passing through the handler (the handler
 * dominates them). Control that leaves that region (the end of the catch block, {@code break}, {@code continue},
 * a {@code return} with or without a value) ends the inlet, as in the original Satin, where an inlet was a handler
 * that ended where it returned: the method's own result comes from its normal path after the sync. A {@code return}
 * with a value in an inlet is a warning (the value is discarded), an error when the rewriter is asked for that
 * ({@code strictInlets}). Refused, with the line: a {@code sync()} in an inlet and a spawn in an inlet under an
 * inlet of its own (the original had no meaning for either).
 *
 * <p>A {@code return} outside the inlets where spawns with an inlet may still be outstanding (the path-insensitive
 * {@link PendingSpawns} says so) is accepted: {@link Inlets#returnsWithOutstanding()} lists it, and the rewriter puts a
 * {@code sync()} right before it (after the returned value was computed), which runs their inlets as the original's
 * implicit sync did. Where the same unchanged condition guards the spawn and the {@code sync()}, the path that
 * reaches the return spawned nothing, its frame is empty and that sync does nothing, so no proof is needed for the
 * code to be right; the same holds for a {@code throw}, whose method-wide handler abandons what is outstanding.
 *
 * <p>Spawn sites are grouped by the list of inlets covering them, in exception-table order; the group number
 * (from 1) is what a record carries, and the rewritten sync dispatches on it.
 */
public final class InletAnalysis {

    /**
     * The inlets of a method.
     *
     * @param groups     per group (index = group - 1), the inlets covering its sites, innermost first
     * @param siteGroups the group of each spawn call under an inlet
     * @param regions    the instructions of each inlet, by its exception-table entry
     * @param syncs      the syncs where a spawn with an inlet may be pending: these run inlets
     * @param syncGroups per such sync, the groups (bit = group - 1) of the sites that may be pending there: only
     *                   their inlets can run at that sync, and only they get a copy there (another inlet's code may
     *                   read a local that holds something else at this sync, which the verifier rejects)
     * @param returnsWithOutstanding the returns outside the inlets where a spawn with an inlet may be outstanding:
     *                   each needs an implicit sync() that runs the inlets ({@code ImplicitInletSync})
     */
    public record Inlets(List<List<TryCatchBlockNode>> groups, Map<MethodInsnNode, Integer> siteGroups,
                         Map<TryCatchBlockNode, Set<AbstractInsnNode>> regions, List<MethodInsnNode> syncs,
                         Map<MethodInsnNode, BitSet> syncGroups, List<AbstractInsnNode> returnsWithOutstanding) {
    }

    private InletAnalysis() {
    }

    /**
     * The method's inlets, or null when it has none; errors and warnings go to {@code findings}.
     *
     * @param strictInlets whether a {@code return} with a value in an inlet is an error instead of a warning
     */
    public static Inlets analyse(MethodNode method, MethodScan scan, PendingSpawns pending, Findings findings,
                                 boolean strictInlets) {
        InsnList insns = method.instructions;
        List<TryCatchBlockNode> inlets = new ArrayList<>();
        for (TryCatchBlockNode block : method.tryCatchBlocks) {
            if (block.type != null && covers(insns, block, scan.sites().stream().map(SpawnSite::call).toList())
                    && !covers(insns, block, scan.syncs())) {
                inlets.add(block);
            }
        }
        if (inlets.isEmpty()) {
            return null;
        }
        ControlFlow flow = new ControlFlow(method);
        Map<TryCatchBlockNode, Set<AbstractInsnNode>> regions = new LinkedHashMap<>();
        Map<LabelNode, Set<AbstractInsnNode>> byHandler = new IdentityHashMap<>();
        for (TryCatchBlockNode inlet : inlets) {
            regions.put(inlet, byHandler.computeIfAbsent(inlet.handler, h -> region(insns, flow, insns.indexOf(h))));
        }
        Map<MethodInsnNode, Integer> siteGroups = new IdentityHashMap<>();
        List<List<TryCatchBlockNode>> groups = new ArrayList<>();
        BitSet inletSites = new BitSet();
        for (SpawnSite site : scan.sites()) {
            List<TryCatchBlockNode> covering = new ArrayList<>();
            for (TryCatchBlockNode inlet : inlets) {
                if (covers(insns, inlet, List.of(site.call()))) {
                    covering.add(inlet);
                }
            }
            if (covering.isEmpty()) {
                continue;
            }
            int group = groups.indexOf(covering);
            if (group < 0) {
                groups.add(covering);
                group = groups.size() - 1;
            }
            siteGroups.put(site.call(), group + 1);
            inletSites.set(site.id());
        }
        Set<AbstractInsnNode> inInlet = Collections.newSetFromMap(new IdentityHashMap<>());
        regions.values().forEach(inInlet::addAll);
        for (Map.Entry<TryCatchBlockNode, Set<AbstractInsnNode>> e : regions.entrySet()) {
            checkRegion(method, e.getKey(), e.getValue(), scan, siteGroups, findings, strictInlets);
        }
        List<MethodInsnNode> syncs = new ArrayList<>();
        Map<MethodInsnNode, BitSet> syncGroups = new IdentityHashMap<>();
        for (MethodInsnNode sync : scan.syncs()) {
            BitSet pendingHere = pending.pendingSites(sync);
            if (!inInlet.contains(sync) && pendingHere.intersects(inletSites)) {
                syncs.add(sync);
                BitSet groupsHere = new BitSet();
                for (SpawnSite site : scan.sites()) {
                    if (inletSites.get(site.id()) && pendingHere.get(site.id())) {
                        groupsHere.set(siteGroups.get(site.call()) - 1);
                    }
                }
                syncGroups.put(sync, groupsHere);
            }
        }
        List<AbstractInsnNode> returnsWithOutstanding = new ArrayList<>();
        for (AbstractInsnNode insn : insns) {
            int op = insn.getOpcode();
            if (op >= Opcodes.IRETURN && op <= Opcodes.RETURN && !inInlet.contains(insn)
                    && pending.pendingSites(insn).intersects(inletSites)) {
                returnsWithOutstanding.add(insn);
            }
        }
        return new Inlets(groups, siteGroups, regions, syncs, syncGroups, returnsWithOutstanding);
    }

    private static boolean covers(InsnList insns, TryCatchBlockNode block, List<MethodInsnNode> calls) {
        int start = insns.indexOf(block.start);
        int end = insns.indexOf(block.end);
        for (MethodInsnNode call : calls) {
            int i = insns.indexOf(call);
            if (i >= start && i < end) {
                return true;
            }
        }
        return false;
    }

    /** The instructions the handler at {@code handler} dominates (see the class comment). */
    private static Set<AbstractInsnNode> region(InsnList insns, ControlFlow flow, int handler) {
        boolean[] outside = new boolean[flow.size()];
        Deque<Integer> work = new ArrayDeque<>();
        outside[0] = handler != 0;
        work.add(0);
        while (!work.isEmpty()) {
            int i = work.poll();
            for (List<Integer> next : List.of(flow.successors(i), flow.handlers(i))) {
                for (int s : next) {
                    if (s != handler && !outside[s]) {
                        outside[s] = true;
                        work.add(s);
                    }
                }
            }
        }
        Set<AbstractInsnNode> region = Collections.newSetFromMap(new IdentityHashMap<>());
        boolean[] seen = new boolean[flow.size()];
        seen[handler] = true;
        work.add(handler);
        while (!work.isEmpty()) {
            int i = work.poll();
            region.add(insns.get(i));
            for (List<Integer> next : List.of(flow.successors(i), flow.handlers(i))) {
                for (int s : next) {
                    if (!outside[s] && !seen[s]) {
                        seen[s] = true;
                        work.add(s);
                    }
                }
            }
        }
        return region;
    }

    private static void checkRegion(MethodNode method, TryCatchBlockNode inlet, Set<AbstractInsnNode> region,
                                    MethodScan scan, Map<MethodInsnNode, Integer> siteGroups, Findings findings,
                                    boolean strictInlets) {
        String which = "the inlet 'catch (" + SourceNames.type(inlet.type) + " ...)' on line "
                + Findings.lineOf(inlet.handler.getNext() == null ? inlet.handler : inlet.handler.getNext());
        for (AbstractInsnNode insn : method.instructions) {
            if (!region.contains(insn)) {
                continue;
            }
            int op = insn.getOpcode();
            if (op >= Opcodes.IRETURN && op <= Opcodes.ARETURN) {
                String message = "'return' with a value in " + which + " ends the inlet, as in the original Satin:"
                        + " the value is discarded and the method goes on in the sync() that ran the inlet, its result"
                        + " coming from its normal path after sync(); to return this value, store it in a field or"
                        + " local variable and return that after sync()";
                if (strictInlets) {
                    findings.error(method, Findings.lineOf(insn), message + " (an error because of --strict-inlets)");
                } else {
                    findings.warning(method, Findings.lineOf(insn), message);
                }
            } else if (op == Opcodes.JSR || op == Opcodes.RET) {
                findings.error(method, Findings.lineOf(insn), which + " uses jsr/ret (old javac 'finally'):"
                        + " recompile with a current javac");
            } else if (insn instanceof MethodInsnNode call && scan.syncs().contains(call)) {
                findings.error(method, Findings.lineOf(insn), "sync() in " + which + ": an inlet runs inside a"
                        + " sync() already; spawns it makes are waited for by that sync()");
            } else if (insn instanceof MethodInsnNode call && siteGroups.containsKey(call)) {
                findings.error(method, Findings.lineOf(insn), "a spawn in " + which + " has an inlet of its own;"
                        + " an inlet may spawn, but without a catch block around the spawn");
            }
        }
    }
}
