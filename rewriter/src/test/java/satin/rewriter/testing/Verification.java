package satin.rewriter.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.util.CheckClassAdapter;

/** Passes class files through ASM's CheckClassAdapter (structure and a data-flow verification). */
public final class Verification {

    private Verification() {
    }

    /** Checks every class file under {@code dir}; returns how many were checked. */
    public static int checkAll(Path dir) throws IOException {
        List<URL> urls = new ArrayList<>();
        urls.add(dir.toUri().toURL());
        for (Path p : Samples.classPathWithoutSamples()) {
            urls.add(p.toUri().toURL());
        }
        int count = 0;
        try (URLClassLoader loader = new URLClassLoader(urls.toArray(URL[]::new), null);
             Stream<Path> walk = Files.walk(dir)) {
            for (Path file : walk.filter(f -> f.toString().endsWith(".class")).toList()) {
                StringWriter report = new StringWriter();
                CheckClassAdapter.verify(new ClassReader(Files.readAllBytes(file)), loader, false,
                        new PrintWriter(report));
                assertEquals("", report.toString(), "CheckClassAdapter on " + file);
                count++;
            }
        }
        return count;
    }
}
