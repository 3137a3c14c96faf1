package satin.rewriter;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
 * The shape of the fast copy (see {@code transform.FastCopy}): a spawning method starts with its original code, in
 * which a spawn is the original call behind {@code Spawns.inline()} and nothing else of the contract runs until a
 * jump into the slow copy; methods with {@code abort()} or inlets keep the slow shape only. Behaviour (results,
 * exceptions at sync, jumps between the copies under every inline/queued pattern) is what the scenario tests check.
 */
class FastCopyTest {

    @Test
    void aSpawningMethodStartsWithItsOriginalCodeAndPlainCalls(@TempDir Path dir) throws Exception {
        Samples.copy("satin/rewriter/samples/good", dir);
        new ClassTreeRewriter().rewrite(List.of(dir), Samples.classPathWithoutSamples());
        MethodNode fib = method(dir.resolve("satin/rewriter/samples/good/Tree.class"), "fib");

        List<String> fastPath = new ArrayList<>();
        for (AbstractInsnNode insn = fib.instructions.getFirst(); insn != null; insn = insn.getNext()) {
            if (insn instanceof MethodInsnNode call) {
                fastPath.add(call.owner.replace('/', '.') + "." + call.name);
            }
            if (insn.getOpcode() == Opcodes.LRETURN && fastPath.size() == 4) {
                break; // the end of the fast copy's path through fib: x + y returned
            }
        }
        String spawns = ContractNames.SPAWNS.replace('/', '.');
        String self = "satin.rewriter.samples.good.Tree.fib";
        assertEquals(List.of(spawns + ".inline", self, spawns + ".inline", self), fastPath,
                "the fast copy: two guarded plain calls, no record, no frame, no sync call");

        // each plain call's exception goes to the slow copy's handler of the same site, which keeps it for sync()
        long guardedCalls = fib.tryCatchBlocks.stream().filter(b -> "java/lang/Throwable".equals(b.type)).count();
        // the slow copy is entered only by jumps to a spawn (or a site's handler, or after a sync): its first site's
        // inline path and test are never reached and ASM drops them as dead code
        assertEquals(3, guardedCalls, "both sites guarded in the fast copy, the second also in the slow copy");
        assertEquals(4, count(fib, ContractNames.SPAWNS, ContractNames.INLINE) + count(fib, ContractNames.SPAWNS,
                ContractNames.SPAWNS_SYNC), "inline tests: 2 fast, 1 slow; one sync (no return needs an implicit one)");
    }

    @Test
    void methodsWithAbortOrInletsKeepOneCopy(@TempDir Path dir) throws Exception {
        Samples.copy("satin/rewriter/samples/inlet", dir);
        new ClassTreeRewriter().rewrite(List.of(dir), Samples.classPathWithoutSamples());
        ClassNode inlets = node(dir.resolve("satin/rewriter/samples/inlet/Inlets.class"));
        int checked = 0;
        for (MethodNode method : inlets.methods) {
            boolean spawns = count(method, ContractNames.SPAWNS, ContractNames.SPAWN_INLET) > 0
                    || count(method, ContractNames.SPAWNS, ContractNames.SPAWNS_ABORT) > 0;
            if (spawns) {
                checked++;
                long sites = count(method, ContractNames.SPAWNS, ContractNames.SPAWN)
                        + count(method, ContractNames.SPAWNS, ContractNames.SPAWN_INLET);
                assertEquals(sites, count(method, ContractNames.SPAWNS, ContractNames.INLINE),
                        method.name + ": one inline test per site, no fast copy");
            }
        }
        assertTrue(checked > 0, "the inlet samples have methods with inlets or abort()");
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

    private static MethodNode method(Path file, String name) throws Exception {
        return node(file).methods.stream().filter(m -> m.name.equals(name)).findFirst().orElseThrow();
    }

}
