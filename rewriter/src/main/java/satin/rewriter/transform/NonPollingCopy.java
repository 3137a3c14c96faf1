package satin.rewriter.transform;

import static org.objectweb.asm.Opcodes.*;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.analysis.BasicValue;
import org.objectweb.asm.tree.analysis.Frame;
import satin.rewriter.spawn.MethodScan;
import satin.rewriter.spawn.PollSites;
import satin.rewriter.spawn.SpawnSite;

/**
 * The second fast copy of a self-recursive method, {@code private synthetic satin$quiet$<m>$<k>}, that polls only at
 * the sites on a cycle: recursion alternates between the method (which polls at its first spawn, see
 * {@link PollSites}) and this copy, so a recursion without loops asks the runtime at every other level.
 *
 * <p>Why: at Fib's grain a poll ({@code Spawns.inline()}: the current thread's class and one opaque load) is about a
 * sixth of the sequential time of an invocation; asking every other level halves it, and a change of the runtime's
 * mind (a steal request, an abort, lookup mode) is still seen within two levels, where it was seen within one.
 *
 * <p>Where: the method's spawns of itself, {@code invokevirtual Host.m} with the method's own name and descriptor,
 * from an instance method that cannot be overridden (the host class or the method is {@code final}), so the call
 * reaches exactly this method and a direct call of the copy ({@code invokespecial} of a private method) means the
 * same, including the {@link NullPointerException} of a null receiver. In the method such a spawn calls the copy; in
 * the copy it calls the method. Every other part of the copy is the method's fast copy: its sites leave for the same
 * slow method, at the same entries' targets, with the same state, when a call throws (or a polling site on a cycle is
 * told to queue), so the guarantees are those of the fast copy.
 */
final class NonPollingCopy {

    static final String PREFIX = "satin$quiet$";

    private final FastCopy copy;
    private final BitSet polls;
    private final String name;
    private final InsnList exits = new InsnList();

    private NonPollingCopy(FastCopy copy, BitSet polls, String name) {
        this.copy = copy;
        this.polls = polls;
        this.name = name;
    }

    /**
     * The copy for {@code method} of {@code host}, whose polling fast copy is {@code outer}, when the method spawns
     * itself where the call cannot be overridden; else null. Redirects {@code outer}'s spawns of itself to the copy.
     * Called before the method changes ({@code method} still holds the original code).
     */
    static NonPollingCopy plan(ClassNode host, MethodNode method, MethodScan scan, FastCopy outer) {
        if ((method.access & (ACC_STATIC | ACC_ABSTRACT | ACC_SYNCHRONIZED)) != 0
                || ((host.access & ACC_FINAL) == 0 && (method.access & (ACC_FINAL | ACC_PRIVATE)) == 0)) {
            return null;
        }
        List<SpawnSite> self = new ArrayList<>();
        for (SpawnSite site : scan.sites()) {
            MethodInsnNode call = site.call();
            if (call.getOpcode() == INVOKEVIRTUAL && call.owner.equals(host.name) && call.name.equals(method.name)
                    && call.desc.equals(method.desc) && outer.has(site)) {
                self.add(site);
            }
        }
        if (self.isEmpty()) {
            return null;
        }
        long earlier = host.methods.stream().filter(m -> m.name.startsWith(PREFIX)).count();
        String name = PREFIX + method.name + "$" + earlier;
        for (SpawnSite site : self) {
            outer.redirect(site, host.name, name);
        }
        return new NonPollingCopy(new FastCopy(method, scan), PollSites.onCycles(method, scan), name);
    }

    /**
     * Guards {@code site} in the copy as the method's fast copy guards it, with exits of its own to the same targets
     * of {@code slow}: the slow copy's spawn ({@code spawn}, only at a site on a cycle) and its handler's entry
     * ({@code caught}).
     */
    void guard(SpawnSite site, SlowMethod slow, Frame<BasicValue> state, LabelNode spawn, LabelNode caught,
               DeferredArrays deferred) {
        if (!copy.has(site)) {
            return;
        }
        boolean polled = polls.get(site.id());
        copy.guard(site, polled, polled ? slow.exit(state, false, spawn, exits, site, deferred) : null,
                slow.exit(state, true, caught, exits, site, deferred));
    }

    /** Gives the copy the form of {@link DeferredArrays}. */
    void rewrite(DeferredArrays deferred) {
        deferred.rewrite(copy);
    }

    /** The copy as a method of the host, beside {@code method} (already split), whose own code ends below {@code locals}. */
    MethodNode create(MethodNode method, int locals) {
        int access = ACC_PRIVATE | ACC_SYNTHETIC | (method.access & (ACC_STRICT | ACC_VARARGS));
        MethodNode node = new MethodNode(ASM9, access, name, method.desc, method.signature,
                method.exceptions == null ? null : method.exceptions.toArray(new String[0]));
        copy.installIn(node, exits, method.localVariables != null);
        node.maxLocals = locals;
        return node;
    }
}
