package satin.rewriter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodNode;
import satin.rewriter.batch.ClassTreeRewriter;
import satin.rewriter.samples.good.Sums;
import satin.rewriter.testing.KeyValueRun;
import satin.rewriter.testing.Samples;

/**
 * Arrays of spawn results that a method only sums live in its fast copies as an accumulator, not as an array
 * ({@code spawn.SummedArray}, {@code transform.DeferredArrays}); look-alikes keep their array. What the rewritten
 * methods compute, with every spawn inline, queued, or alternating, and on two workers, is what
 * {@link SpawnScenariosTest} compares ({@code sums} and {@code fanOut}); here: the shape, and the exception a store
 * out of range throws.
 */
class SummedArrayTest {

    @Test
    void theFastCopiesOfAMethodThatOnlySumsItsResultsNeitherStoreNorReadTheArray(@TempDir Path dir) throws Exception {
        rewrite(dir);
        ClassNode sums = read(dir, "Sums");
        for (String name : List.of("longs", "ints")) {
            MethodNode fast = method(sums, name);
            MethodNode quiet = method(sums, "satin$quiet$" + name + "$");
            for (MethodNode copy : List.of(fast, quiet)) {
                assertEquals(0, count(copy, Opcodes.LALOAD) + count(copy, Opcodes.IALOAD)
                        + count(copy, Opcodes.ARRAYLENGTH), copy.name + ": the summing loop is gone");
            }
        }
        ClassNode tree = read(dir, "Tree");
        assertEquals(0, count(method(tree, "fanOut"), Opcodes.LALOAD), "Tree.fanOut sums its parts");
    }

    @Test
    void arraysReadOtherwiseOrStoredTwiceOrDownwardsKeepTheirArrayInTheFastCopy(@TempDir Path dir) throws Exception {
        rewrite(dir);
        ClassNode sums = read(dir, "Sums");
        for (String name : List.of("overwrites", "readsElement", "downwards")) {
            assertTrue(count(method(sums, name), Opcodes.LALOAD) > 0, name + " keeps its summing loop");
        }
        assertTrue(count(method(sums, "wrapping"), Opcodes.IALOAD) == 0, "int sums wrap alike in any order");
    }

    @Test
    void aStoreOutOfRangeThrowsWhatTheArrayWouldHaveThrown(@TempDir Path dir) throws Exception {
        rewrite(dir);
        Sums plain = new Sums();
        String expected = plain.outOfRange(4) + "," + plain.outOfRange(1);
        assertTrue(expected.startsWith("Index 3 out of bounds for length 3/"), expected);
        Map<String, String> run = KeyValueRun.run(List.of(dir), List.of("-Dsatin.bootstrap=off"),
                Sums.class.getName());
        assertEquals(expected, run.get("outOfRange"));
    }

    private static void rewrite(Path dir) throws Exception {
        Samples.copy("satin/rewriter/samples/good", dir);
        new ClassTreeRewriter().rewrite(List.of(dir), Samples.classPathWithoutSamples());
    }

    private static ClassNode read(Path dir, String simpleName) throws Exception {
        ClassNode node = new ClassNode();
        new ClassReader(Files.readAllBytes(dir.resolve("satin/rewriter/samples/good/" + simpleName + ".class")))
                .accept(node, 0);
        return node;
    }

    private static MethodNode method(ClassNode node, String prefix) {
        return node.methods.stream().filter(m -> m.name.equals(prefix) || m.name.startsWith(prefix) && prefix.endsWith("$"))
                .findFirst().orElseThrow(() -> new AssertionError("no method " + prefix));
    }

    private static long count(MethodNode method, int opcode) {
        long n = 0;
        for (AbstractInsnNode insn : method.instructions) {
            if (insn.getOpcode() == opcode) {
                n++;
            }
        }
        return n;
    }
}
