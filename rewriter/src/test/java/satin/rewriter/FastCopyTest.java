package satin.rewriter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import satin.contract.ContractNames;
import satin.rewriter.batch.ClassTreeRewriter;
import satin.rewriter.testing.Samples;

/**
 * The shape of the fast copy (see {@code transform.FastCopy}, {@code transform.SlowMethod}, {@code spawn.PollSites}):
 * a spawning method keeps only its original code, in which a spawn is the original call (behind
 * {@code Spawns.inline()} where it polls) and every way into the slow path is a call of the class's slow method;
 * methods with {@code abort()} keep the slow shape only (methods with inlets are split too), methods holding a monitor keep both copies in one
 * method; a method's spawns of itself where no subclass can override it alternate with a non-polling copy. Behaviour (results, exceptions at sync, moves between the copies under every inline/queued pattern) is what
 * the scenario tests check.
 */
class FastCopyTest {

    private static final String SPAWNS = ContractNames.SPAWNS.replace('/', '.');

    @Test
    void aSpawningMethodKeepsItsOriginalCodeAndLeavesToItsSlowMethod(@TempDir Path dir) throws Exception {
        ClassNode tree = node(good(dir).resolve("Tree.class"));
        MethodNode fib = method(tree, "fib");

        String self = "satin.rewriter.samples.good.Tree.fib";
        String quiet = "satin.rewriter.samples.good.Tree.satin$quiet$fib$0";
        String slow = "satin.rewriter.samples.good.Tree.satin$slow$fib$0";
        // one poll (the first spawn; the second follows it in straight-line code), two plain calls (of the
        // non-polling copy: Tree is final), then the ways out: the first site's queueing and both sites' exceptions,
        // each a call of the slow method
        assertEquals(List.of(SPAWNS + ".inline", quiet, quiet, slow, slow, slow), calls(fib),
                "the fast method: no record, no frame, no sync call");
        // the non-polling copy: no poll, its spawns of itself call the method back, exceptions leave for the slow method
        MethodNode quietFib = method(tree, "satin$quiet$fib$0");
        assertEquals(Opcodes.ACC_PRIVATE | Opcodes.ACC_SYNTHETIC, quietFib.access);
        assertEquals(fib.desc, quietFib.desc);
        assertEquals(List.of(self, self, slow, slow), calls(quietFib));
        assertEquals(2, quietFib.tryCatchBlocks.size());
        assertEquals(2, fib.tryCatchBlocks.size(), "one handler per plain call, nothing method-wide");
        assertTrue(fib.tryCatchBlocks.stream().allMatch(b -> "java/lang/Throwable".equals(b.type)));

        MethodNode slowFib = method(tree, "satin$slow$fib$0");
        assertEquals(Opcodes.ACC_PRIVATE | Opcodes.ACC_STATIC | Opcodes.ACC_SYNTHETIC, slowFib.access);
        assertEquals("(I[Ljava/lang/Object;[J)J", slowFib.desc);
        assertTrue(count(slowFib, ContractNames.SPAWNS, ContractNames.SPAWN) > 0
                && count(slowFib, ContractNames.SPAWNS, ContractNames.SPAWNS_SYNC) > 0, "the slow copy is there");
        // HotSpot's C1 refuses a method in which a handler is also reached by a jump (the slow method would then run
        // interpreted until C2 takes it): the dispatch enters a site's exception handling past its handler
        java.util.Set<org.objectweb.asm.tree.LabelNode> handlers = new java.util.HashSet<>();
        slowFib.tryCatchBlocks.forEach(b -> handlers.add(b.handler));
        for (AbstractInsnNode insn : slowFib.instructions) {
            List<org.objectweb.asm.tree.LabelNode> targets = new ArrayList<>();
            if (insn instanceof org.objectweb.asm.tree.JumpInsnNode jump) {
                targets.add(jump.label);
            } else if (insn instanceof org.objectweb.asm.tree.LookupSwitchInsnNode lookup) {
                targets.addAll(lookup.labels);
                targets.add(lookup.dflt);
            } else if (insn instanceof org.objectweb.asm.tree.TableSwitchInsnNode table) {
                targets.addAll(table.labels);
                targets.add(table.dflt);
            }
            targets.forEach(t -> assertFalse(handlers.contains(t), "a jump to a handler"));
        }
    }

    @Test
    void spawnsPollFirstAfterEntryOrSyncAndOnCycles(@TempDir Path dir) throws Exception {
        Path good = good(dir);
        // tree.fib(18); tree.sum(...); sync(): the second spawn follows the first in straight-line code
        assertEquals(1, polls(method(node(good.resolve("Scenarios.class")), "fibAndSum")));
        // long first = fib(n) polls (first after entry), and so does last = fib(i) in the loop after it
        assertEquals(2, polls(method(node(good.resolve("Tree.class")), "spawnThenLoop")));
        // long x = ops.j(k); sync(); in a loop: one site, polled
        assertEquals(1, polls(method(node(good.resolve("Scenarios.class")), "syncPerIteration")));
    }

    @Test
    void onlyUnoverridableSpawnsOfTheMethodItselfAlternateAndSitesOnCyclesPollInBothCopies(@TempDir Path dir)
            throws Exception {
        Path good = good(dir);
        ClassNode tree = node(good.resolve("Tree.class"));
        // fanOut spawns itself in a loop: that site polls in both copies, so a long loop keeps exposing work
        assertEquals(1, polls(method(tree, "fanOut")));
        assertEquals(1, polls(tree.methods.stream().filter(m -> m.name.startsWith("satin$quiet$fanOut$")).findFirst()
                .orElseThrow()));
        // spawnThenLoop spawns fib, not itself: no copy
        assertTrue(tree.methods.stream().noneMatch(m -> m.name.startsWith("satin$quiet$spawnThenLoop")));
        // Knapsack is not final and its methods are not: a subclass could override best(...), so no copy
        ClassNode knapsack = node(good.resolve("Knapsack.class"));
        assertTrue(knapsack.methods.stream().anyMatch(m -> m.name.startsWith("satin$slow$best")));
        assertTrue(knapsack.methods.stream().noneMatch(m -> m.name.startsWith("satin$quiet$")));
    }

    /** The good samples, rewritten in {@code dir}; returns their package directory. */
    private static Path good(Path dir) throws Exception {
        Samples.copy("satin/rewriter/samples/good", dir);
        new ClassTreeRewriter().rewrite(List.of(dir), Samples.classPathWithoutSamples());
        return dir.resolve("satin/rewriter/samples/good");
    }

    private static long polls(MethodNode method) {
        return count(method, ContractNames.SPAWNS, ContractNames.INLINE);
    }

    @Test
    void aMethodHoldingAMonitorOrOfAnInterfaceKeepsBothCopiesInOneMethod(@TempDir Path dir) throws Exception {
        Path good = good(dir);
        ClassNode extras = node(good.resolve("Extras.class")); // an interface with static methods that spawn
        assertTrue(count(method(extras, "run"), ContractNames.SPAWNS, ContractNames.SPAWNS_SYNC) > 0);
        assertTrue(extras.methods.stream().noneMatch(m -> m.name.startsWith("satin$slow$")));
        ClassNode flow = node(good.resolve("Flow.class"));
        MethodNode locked = method(flow, "locked");
        assertTrue(count(locked, ContractNames.SPAWNS, ContractNames.SPAWNS_SYNC) > 0,
                "the slow copy stays in the method: a monitor cannot be released in another frame");
        assertTrue(flow.methods.stream().noneMatch(m -> m.name.startsWith("satin$slow$locked")));
    }

    @Test
    void methodsWithInletsGetTheFastCopyAndMethodsWithAbortKeepOneCopy(@TempDir Path dir) throws Exception {
        Samples.copy("satin/rewriter/samples/inlet", dir);
        new ClassTreeRewriter().rewrite(List.of(dir), Samples.classPathWithoutSamples());
        ClassNode inlets = node(dir.resolve("satin/rewriter/samples/inlet/Inlets.class"));
        int aborting = 0;
        int split = 0;
        for (MethodNode method : inlets.methods) {
            if (count(method, ContractNames.SPAWNS, ContractNames.SPAWNS_ABORT) > 0) {
                aborting++;
                long sites = count(method, ContractNames.SPAWNS, ContractNames.SPAWN)
                        + count(method, ContractNames.SPAWNS, ContractNames.SPAWN_INLET);
                assertEquals(sites, count(method, ContractNames.SPAWNS, ContractNames.INLINE),
                        method.name + ": one inline test per site, no fast copy");
            } else if (method.name.startsWith("satin$slow$")
                    && count(method, ContractNames.SPAWNS, ContractNames.INLET_POLL) > 0) {
                split++;
                // the method it was split from: neither the inlets' dispatch loop nor a record nor a sync
                MethodNode fast = method(inlets, method.name.substring("satin$slow$".length(),
                        method.name.lastIndexOf('$')));
                for (String name : List.of(ContractNames.INLET_POLL, ContractNames.SPAWN_INLET,
                        ContractNames.FAILED_INLET, ContractNames.SPAWNS_SYNC)) {
                    assertEquals(0, count(fast, ContractNames.SPAWNS, name), fast.name + " calls Spawns." + name);
                }
                // the code only the skipped loops reach is gone, not left for the class writer to fill with nops
                // (they would count in the size the JIT's inlining goes by)
                for (AbstractInsnNode insn : fast.instructions) {
                    assertFalse(insn.getOpcode() == Opcodes.NOP, fast.name + " holds unreachable code");
                }
            }
        }
        assertTrue(aborting > 0, "the inlet samples have methods with abort()");
        assertTrue(split > 0, "methods with inlets are split into a fast method and a slow method");
    }

    private static long count(MethodNode method, String owner, String name) {
        long n = 0;
        for (AbstractInsnNode insn : method.instructions) {
            if (insn instanceof MethodInsnNode call && call.owner.equals(owner) && call.name.equals(name)) {
                n++;
            }
        }
        return n;
    }

    private static ClassNode node(Path file) throws Exception {
        ClassNode node = new ClassNode();
        new ClassReader(Files.readAllBytes(file)).accept(node, 0);
        return node;
    }

    private static MethodNode method(ClassNode node, String name) {
        return node.methods.stream().filter(m -> m.name.equals(name)).findFirst().orElseThrow();
    }

    /** The methods {@code method} calls, in code order, as {@code owner.name}. */
    private static List<String> calls(MethodNode method) {
        List<String> calls = new ArrayList<>();
        for (AbstractInsnNode insn : method.instructions) {
            if (insn instanceof MethodInsnNode call) {
                calls.add(call.owner.replace('/', '.') + "." + call.name);
            }
        }
        return calls;
    }

}
