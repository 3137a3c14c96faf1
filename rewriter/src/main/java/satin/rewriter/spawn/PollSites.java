package satin.rewriter.spawn;

import java.util.ArrayDeque;
import java.util.BitSet;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.Map;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * Which spawn sites of a method's fast copy ask the runtime whether to run inline (heartbeat-style polling).
 *
 * <p>A site polls when the fast copy can reach it without passing another spawn since the method started or since a
 * {@code sync()} (the points where the runtime's answer may have changed most: a new invocation, or the slow copy
 * coming back after a sync), or when it lies on a cycle (a spawn in a loop polls at every iteration, so a loop of
 * small calls keeps exposing work). Every other site follows a polled site within the same straight run of code and
 * runs as a plain call without asking: the runtime learns of the change at the next polled site, which in recursive
 * code is the first spawn of the next invocation, one level deeper. Fib's second spawn, for example, is not polled,
 * so an invocation asks once, not twice.
 */
public final class PollSites {

    private PollSites() {
    }

    /** The sites of {@code scan} that poll, by site id. */
    public static BitSet of(MethodNode method, MethodScan scan) {
        InsnList insns = method.instructions;
        ControlFlow flow = new ControlFlow(method);
        Map<AbstractInsnNode, SpawnSite> siteAt = new IdentityHashMap<>();
        for (SpawnSite site : scan.sites()) {
            siteAt.put(site.call(), site);
        }
        BitSet polls = new BitSet();
        // first sites after the method's start or after a sync
        BitSet starts = new BitSet();
        starts.set(0);
        for (MethodInsnNode sync : scan.syncs()) {
            starts.set(insns.indexOf(sync));
        }
        for (SpawnSite site : reachedFirst(insns, flow, siteAt, starts)) {
            polls.set(site.id());
        }
        polls.or(onCycles(insns, flow, scan));
        return polls;
    }

    /**
     * The sites of {@code scan} that lie on a cycle of the method's control flow, by site id: these poll in every
     * copy, also in the non-polling copy of a self-recursive method (a loop of spawns keeps exposing work).
     */
    public static BitSet onCycles(MethodNode method, MethodScan scan) {
        return onCycles(method.instructions, new ControlFlow(method), scan);
    }

    private static BitSet onCycles(InsnList insns, ControlFlow flow, MethodScan scan) {
        BitSet polls = new BitSet();
        for (SpawnSite site : scan.sites()) {
            int call = insns.indexOf(site.call());
            BitSet visited = new BitSet();
            Deque<Integer> todo = new ArrayDeque<>();
            push(flow, call, visited, todo);
            while (!todo.isEmpty() && !polls.get(site.id())) {
                int i = todo.pop();
                if (i == call) {
                    polls.set(site.id());
                } else {
                    push(flow, i, visited, todo);
                }
            }
        }
        return polls;
    }

    /** The sites reached from {@code starts} by paths through no other site (traversal stops at a site). */
    private static Iterable<SpawnSite> reachedFirst(InsnList insns, ControlFlow flow,
                                                    Map<AbstractInsnNode, SpawnSite> siteAt, BitSet starts) {
        Map<SpawnSite, Boolean> found = new IdentityHashMap<>();
        BitSet visited = new BitSet();
        Deque<Integer> todo = new ArrayDeque<>();
        for (int s = starts.nextSetBit(0); s >= 0; s = starts.nextSetBit(s + 1)) {
            visited.set(s);
            todo.push(s);
        }
        while (!todo.isEmpty()) {
            int i = todo.pop();
            SpawnSite site = siteAt.get(insns.get(i));
            if (site != null) {
                found.put(site, true);
            } else {
                push(flow, i, visited, todo);
            }
        }
        return found.keySet();
    }

    private static void push(ControlFlow flow, int from, BitSet visited, Deque<Integer> todo) {
        for (int next : flow.successors(from)) {
            if (!visited.get(next)) {
                visited.set(next);
                todo.push(next);
            }
        }
        for (int next : flow.handlers(from)) {
            if (!visited.get(next)) {
                visited.set(next);
                todo.push(next);
            }
        }
    }
}
