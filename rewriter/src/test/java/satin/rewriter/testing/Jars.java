package satin.rewriter.testing;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;

/** Builds jars from directories. */
public final class Jars {

    private Jars() {
    }

    public static Path jar(Path dir, Path jar, Manifest manifest) throws IOException {
        try (OutputStream file = Files.newOutputStream(jar);
             JarOutputStream out = manifest == null ? new JarOutputStream(file) : new JarOutputStream(file, manifest);
             Stream<Path> walk = Files.walk(dir)) {
            for (Path f : walk.filter(Files::isRegularFile).sorted().toList()) {
                String name = dir.relativize(f).toString().replace(java.io.File.separatorChar, '/');
                if (name.equals("META-INF/MANIFEST.MF")) {
                    continue;
                }
                out.putNextEntry(new JarEntry(name));
                Files.copy(f, out);
                out.closeEntry();
            }
        }
        return jar;
    }
}
