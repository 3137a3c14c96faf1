package satin.rewriter;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.objectweb.asm.AnnotationVisitor;
import org.objectweb.asm.Attribute;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.ClassNode;
import satin.contract.ContractNames;
import satin.rewriter.batch.ClassTreeRewriter;
import satin.rewriter.batch.RewriteReport;
import satin.rewriter.diagnostic.Diagnostic;
import satin.rewriter.testing.Samples;
import satin.rewriter.transform.Marks;
import satin.rewriter.transform.OriginalClassFile;

/**
 * Rewritten classes carry the rewriter's output format ({@code @Rewritten(format = ...)}) and the class file they
 * were made from; a class another rewriter made (another format, as an incremental build after a plugin upgrade keeps
 * it) is rewritten again from that original, and one with no original is an error that says how to get it back.
 * The stale classes here are real rewritten class files whose mark says another format (and, for the records,
 * another name), as an older or newer rewriter leaves them.
 */
class FormatVersionTest {

    private static final String TREE = "satin/rewriter/samples/good/Tree";

    @Test
    void aRewrittenClassCarriesThisFormatAndItsOriginal(@TempDir Path dir) throws Exception {
        Samples.copy("satin/rewriter/samples/good", dir);
        byte[] original = Files.readAllBytes(dir.resolve(TREE + ".class"));
        rewrite(dir);
        ClassNode tree = read(Files.readAllBytes(dir.resolve(TREE + ".class")));
        assertEquals(Marks.FORMAT, Marks.format(tree).orElseThrow());
        assertArrayEquals(original, OriginalClassFile.of(tree), "the class file javac made, unchanged");
        ClassNode record = read(Files.readAllBytes(dir.resolve(TREE + "$SatinRecord0.class")));
        assertEquals(Marks.FORMAT, Marks.format(record).orElseThrow());
        assertEquals(null, OriginalClassFile.of(record), "a generated record has no original");
    }

    @Test
    void aClassOfAnotherFormatIsRewrittenAgainFromItsOriginalAndStaleRecordsGo(@TempDir Path dir) throws Exception {
        Samples.copy("satin/rewriter/samples/good", dir);
        rewrite(dir);
        Map<String, byte[]> fresh = Samples.snapshot(dir);

        // what another rewriter left: Tree with another format and another body, a record it generated under a name
        // this rewriter does not use, and its marker listing that record
        Path treeFile = dir.resolve(TREE + ".class");
        Files.write(treeFile, otherFormat(Files.readAllBytes(treeFile), Marks.FORMAT + 1, TREE, true));
        Path staleRecord = dir.resolve(TREE + "$SatinRecord9.class");
        Files.write(staleRecord, otherFormat(Files.readAllBytes(dir.resolve(TREE + "$SatinRecord0.class")),
                Marks.FORMAT - 1, TREE + "$SatinRecord9", false));
        Path marker = dir.resolve(ClassTreeRewriter.MARKER);
        Files.writeString(marker, Files.readString(marker) + "satin.rewriter.samples.good.Tree$SatinRecord9\n");

        RewriteReport report = rewrite(dir);
        assertEquals(1, report.classesRewritten(), report.summary());
        assertFalse(Files.exists(staleRecord), "a record nothing generates any more is removed");
        Map<String, byte[]> again = Samples.snapshot(dir);
        assertEquals(fresh.keySet(), again.keySet());
        fresh.forEach((name, bytes) -> assertArrayEquals(bytes, again.get(name), name + " as a fresh rewrite"));

        // and the same format is left alone, byte for byte (idempotence)
        assertEquals(0, rewrite(dir).classesRewritten());
        again.forEach((name, bytes) -> assertArrayEquals(bytes, readUnchecked(dir.resolve(name)), name));
    }

    @Test
    void aClassOfAnotherFormatWithoutItsOriginalIsAnErrorNamingTheCleanBuild(@TempDir Path dir) throws Exception {
        Samples.copy("satin/rewriter/samples/good", dir);
        rewrite(dir);
        Path treeFile = dir.resolve(TREE + ".class");
        byte[] old = otherFormat(Files.readAllBytes(treeFile), 0, TREE, false);
        Files.write(treeFile, old);

        RewriteReport report = rewrite(dir);
        assertTrue(report.failed());
        List<String> errors = report.diagnostics().stream().filter(Diagnostic::isError).map(Diagnostic::format).toList();
        assertEquals(1, errors.size(), errors.toString());
        assertTrue(errors.get(0).startsWith("ERROR satin.rewriter.samples.good.Tree (Tree.java): was rewritten by an"
                + " older Satin rewriter"), errors.get(0));
        assertTrue(errors.get(0).contains("mvn clean package"), errors.get(0));
        assertArrayEquals(old, Files.readAllBytes(treeFile), "nothing is written");
    }

    /**
     * SHA-256 of Fig. 2.1's {@code Fib} (rewriter/src/test/java/Fib.java) as each output format rewrites it: the
     * class and its record, in that order; from format 3 on followed by the same for {@code FinalFib}, whose final
     * class gets the non-polling copy (the digests of formats 1 and 2 are of {@code Fib} alone, as they were taken).
     */
    private static final Map<Integer, String> REFERENCE = Map.of(1, "e9d7c3340407460083c8f8cb63af7b61ec984a23064d630a27cb3463fbcb5ef4",
            2, "e58794cea27f9acb39c4a6c104e887315d29ce4cd34969b8872e03944df50422",
            3, "96b315706fb99109044a45d4b269232e736718d098ef5639135d370695fcc701",
            4, "cc6923c4aec7712de6a0c59088b50b1dce13e10b39dde370126e6b2e1bdae225");

    @Test
    void theOutputForTheReferenceClassIsTheOneRecordedForThisFormat(@TempDir Path dir) throws Exception {
        Samples.copy("Fib.class", dir);
        Samples.copy("FinalFib.class", dir);
        Samples.copy("FibInter.class", dir);
        rewrite(dir);
        java.security.MessageDigest sha = java.security.MessageDigest.getInstance("SHA-256");
        sha.update(Files.readAllBytes(dir.resolve("Fib.class")));
        sha.update(Files.readAllBytes(dir.resolve("Fib$SatinRecord0.class")));
        sha.update(Files.readAllBytes(dir.resolve("FinalFib.class")));
        sha.update(Files.readAllBytes(dir.resolve("FinalFib$SatinRecord0.class")));
        String digest = java.util.HexFormat.of().formatHex(sha.digest());
        assertEquals(REFERENCE.get(Marks.FORMAT), digest, "the rewriter's output for Fig. 2.1's Fib changed: if the"
                + " emitted code changed, raise Marks.FORMAT (so that classes the earlier rewriter made are rewritten"
                + " again, not kept) and record this digest for the new format here; if only javac's output changed,"
                + " record it for the same format");
    }

    private static RewriteReport rewrite(Path dir) throws Exception {
        return new ClassTreeRewriter().rewrite(List.of(dir), Samples.classPathWithoutSamples());
    }

    private static ClassNode read(byte[] bytes) {
        ClassNode node = new ClassNode();
        new ClassReader(bytes).accept(node, new Attribute[] {OriginalClassFile.PROTOTYPE}, 0);
        return node;
    }

    private static byte[] readUnchecked(Path file) {
        try {
            return Files.readAllBytes(file);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /**
     * A rewritten class as another rewriter would have made it: marked with {@code format}, renamed to {@code name},
     * with a method of its own (so its body differs from this rewriter's), keeping its original or not.
     */
    static byte[] otherFormat(byte[] rewritten, int format, String name, boolean keepOriginal) {
        ClassReader reader = new ClassReader(rewritten);
        ClassWriter writer = new ClassWriter(0);
        String oldName = reader.getClassName();
        ClassVisitor rename = new org.objectweb.asm.commons.ClassRemapper(writer,
                new org.objectweb.asm.commons.SimpleRemapper(oldName, name));
        reader.accept(new ClassVisitor(Opcodes.ASM9, rename) {
            @Override
            public AnnotationVisitor visitAnnotation(String descriptor, boolean visible) {
                if (!descriptor.equals(ContractNames.REWRITTEN_DESCRIPTOR)) {
                    return super.visitAnnotation(descriptor, visible);
                }
                AnnotationVisitor mark = super.visitAnnotation(descriptor, visible);
                mark.visit(ContractNames.REWRITTEN_VERSION, ContractNames.VERSION);
                if (format != 0) {
                    mark.visit(ContractNames.REWRITTEN_FORMAT, format);
                }
                mark.visitEnd();
                return null;
            }

            @Override
            public void visitAttribute(Attribute attribute) {
                if (keepOriginal || !attribute.type.equals(OriginalClassFile.NAME)) {
                    super.visitAttribute(attribute);
                }
            }

            @Override
            public void visitEnd() {
                var m = super.visitMethod(Opcodes.ACC_PRIVATE | Opcodes.ACC_STATIC | Opcodes.ACC_SYNTHETIC,
                        "satin$olderShape", "()V", null, null);
                m.visitCode();
                m.visitInsn(Opcodes.RETURN);
                m.visitMaxs(0, 0);
                m.visitEnd();
                super.visitEnd();
            }
        }, new Attribute[] {OriginalClassFile.PROTOTYPE}, 0);
        byte[] bytes = writer.toByteArray();
        assertEquals(name, new ClassReader(bytes).getClassName());
        return bytes;
    }
}
