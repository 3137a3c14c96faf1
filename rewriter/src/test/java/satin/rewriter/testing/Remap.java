package satin.rewriter.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.commons.ClassRemapper;
import org.objectweb.asm.commons.SimpleRemapper;

/** Copies rewritten classes, pointing their runtime calls at the test's deferring stand-in. */
public final class Remap {

    private Remap() {
    }

    public static void toDeferredSpawns(Path from, Path to) throws IOException {
        SimpleRemapper remapper = new SimpleRemapper("satin/contract/Spawns",
                "satin/contract/DeferredSpawns");
        try (Stream<Path> walk = Files.walk(from)) {
            for (Path file : walk.filter(f -> f.toString().endsWith(".class")).toList()) {
                ClassReader reader = new ClassReader(Files.readAllBytes(file));
                ClassWriter writer = new ClassWriter(reader, 0);
                reader.accept(new ClassRemapper(writer, remapper), 0);
                Path target = to.resolve(from.relativize(file).toString());
                Files.createDirectories(target.getParent());
                Files.write(target, writer.toByteArray());
            }
        }
        Samples.copy("satin/contract", to);
    }
}
