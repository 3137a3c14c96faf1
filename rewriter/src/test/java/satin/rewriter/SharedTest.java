package satin.rewriter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import satin.rewriter.batch.ClassTreeRewriter;
import satin.rewriter.batch.RewriteReport;
import satin.rewriter.diagnostic.Diagnostic;
import satin.rewriter.samples.shared.SharedScenario;
import satin.rewriter.testing.KeyValueRun;
import satin.rewriter.testing.OnWorkers;
import satin.rewriter.testing.Remap;
import satin.rewriter.testing.Samples;
import satin.rewriter.testing.Verification;

/**
 * Shared objects rewritten: every write-method call (class and interface receivers, from jobs and from a read
 * method of the object itself) goes through a bridge to {@code SharedWrites}, the classes pass the verifier, and the
 * program computes what the unrewritten one does off workers, with deferred spawns and on 1 and 2 workers of a real
 * runtime (where writes from concurrent jobs are applied under the object's monitor: no update is lost). Misuse of
 * shared objects and guards are errors naming their lines.
 */
class SharedTest {

    private static final String SEQUENTIAL = "-Dsatin.bootstrap=off";

    @TempDir
    static Path temp;
    static Path rewritten;
    static Path deferred;
    static RewriteReport report;
    static Map<String, String> expected;

    @BeforeAll
    static void rewrite() throws Exception {
        rewritten = temp.resolve("rewritten");
        Samples.copy("satin/rewriter/samples/shared", rewritten);
        report = new ClassTreeRewriter().rewrite(List.of(rewritten), Samples.classPathWithoutSamples());
        deferred = temp.resolve("deferred");
        Remap.toDeferredSpawns(rewritten, deferred);
        expected = SharedScenario.run();
    }

    @Test
    void theUnrewrittenProgramIsTheOracle() {
        assertEquals("5", expected.get("first"));
        assertEquals("15", expected.get("viaInterface"));
        assertEquals("17", expected.get("twice"));
        assertEquals("none,a,b", expected.get("renamed"));
        assertEquals(Integer.toString(17 + 199 * 200 / 2), expected.get("sum"));
    }

    @Test
    void everyWriteCallGoesThroughABridgeAndTheClassesVerify() throws Exception {
        assertEquals(List.of(), report.diagnostics());
        assertEquals(report.classesScanned() + report.recordsGenerated(), Verification.checkAll(rewritten));
        for (String cls : List.of("SharedScenario", "Tally")) {
            ClassNode node = read(rewritten.resolve("satin/rewriter/samples/shared/" + cls + ".class"));
            int bridges = 0;
            for (MethodNode m : node.methods) {
                if (m.name.startsWith("satin$write$")) {
                    bridges++;
                    assertTrue((m.access & Opcodes.ACC_SYNTHETIC) != 0 && (m.access & Opcodes.ACC_STATIC) != 0);
                    assertTrue(calls(m, "satin/contract/SharedWrites", "write"), m.name + " calls SharedWrites.write");
                    continue;
                }
                assertTrue(!calls(m, "satin/rewriter/samples/shared/Tally", "exportObject"),
                        cls + "." + m.name + " still calls exportObject directly");
                for (String write : List.of("add", "note", "rename")) {
                    assertTrue(!calls(m, "satin/rewriter/samples/shared/Tally", write)
                            && !calls(m, "satin/rewriter/samples/shared/TallyWrites", write),
                            cls + "." + m.name + " still calls " + write + " directly");
                }
            }
            assertEquals(cls.equals("Tally") ? 1 : 5, bridges, cls + ": one bridge per called write method and owner");
        }
        // the write methods themselves are not changed: only their calls are
        ClassNode tally = read(rewritten.resolve("satin/rewriter/samples/shared/Tally.class"));
        assertTrue(tally.methods.stream().anyMatch(m -> m.name.equals("add") && m.desc.equals("(I)I")));
        ClassNode scenario = read(rewritten.resolve("satin/rewriter/samples/shared/SharedScenario.class"));
        assertTrue(scenario.methods.stream().anyMatch(m -> calls(m, "satin/contract/SharedWrites", "export")),
                "exportObject() became SharedWrites.export");
    }

    @Test
    void offWorkersAWriteIsAPlainCall() throws Exception {
        assertEquals(expected, KeyValueRun.run(List.of(rewritten), List.of(SEQUENTIAL),
                SharedScenario.class.getName()));
        assertEquals(expected, KeyValueRun.run(List.of(deferred), List.of(SEQUENTIAL),
                SharedScenario.class.getName()));
    }

    @Test
    void onWorkersOfARealRuntimeNoWriteIsLost() throws Exception {
        Path launcher = temp.resolve("launcher");
        Samples.copy("satin/rewriter/testing/OnWorkers.class", launcher);
        for (String workers : List.of("1", "2")) {
            for (String threshold : List.of("2", "1000")) {
                assertEquals(expected, KeyValueRun.run(List.of(rewritten, launcher), List.of(),
                        OnWorkers.class.getName(), workers, threshold, SharedScenario.class.getName()),
                        workers + " workers, inline threshold " + threshold);
            }
        }
    }

    @Test
    void misusedSharedObjectsAndGuardsAreErrorsWithTheirLines(@TempDir Path dir) throws Exception {
        Samples.copy("satin/rewriter/samples/sharedmisuse", dir);
        RewriteReport misuse = new ClassTreeRewriter().rewrite(List.of(dir), Samples.classPathWithoutSamples());
        List<String> errors = misuse.errors().stream().map(Diagnostic::format).toList();
        assertEquals(3, errors.size(), String.join("\n", errors));
        String notShared = "satin/rewriter/samples/sharedmisuse/NotShared.java";
        String guards = "satin/rewriter/samples/sharedmisuse/BadGuards.java";
        expect(errors, "NotShared.java:" + Samples.lineOf(notShared, "MISUSE not shared"),
                "implements write-methods interface satin.rewriter.samples.sharedmisuse.Writes but does not extend "
                        + "satin.SharedObject");
        expect(errors, "BadGuards.guard_work (BadGuards.java:" + (Samples.lineOf(guards, "MISUSE guard parameters") + 1),
                "guard guard_work takes (int) but spawnable method work takes (int, long)");
        expect(errors, "BadGuards.guard_work (BadGuards.java:" + (Samples.lineOf(guards, "MISUSE guard result") + 1),
                "guard guard_work returns int: a guard must return boolean");
    }

    private static void expect(List<String> errors, String where, String what) {
        assertTrue(errors.stream().anyMatch(e -> e.contains(where) && e.contains(what)),
                where + " / " + what + " not in\n" + String.join("\n", errors));
    }

    private static boolean calls(MethodNode m, String owner, String name) {
        for (AbstractInsnNode insn : m.instructions) {
            if (insn instanceof MethodInsnNode call && call.owner.equals(owner) && call.name.equals(name)) {
                return true;
            }
        }
        return false;
    }

    private static ClassNode read(Path file) throws Exception {
        ClassNode node = new ClassNode();
        new ClassReader(Files.readAllBytes(file)).accept(node, 0);
        return node;
    }
}
