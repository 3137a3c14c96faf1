package satin.rewriter.hierarchy;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarFile;
import java.util.zip.ZipEntry;

/**
 * Where class-file bytes come from when the rewriter needs to know about a type: a directory, a jar, a class
 * loader's resources (never its classes), or several of these in order.
 */
public interface ClassSource extends Closeable {

    /** The class file of {@code internalName} (e.g. {@code java/lang/Object}), or {@code null} if absent. */
    byte[] find(String internalName);

    @Override
    default void close() throws IOException {
    }

    static ClassSource of(Path entry) {
        if (Files.isDirectory(entry)) {
            return name -> {
                Path file = entry.resolve(name + ".class");
                try {
                    return Files.isRegularFile(file) ? Files.readAllBytes(file) : null;
                } catch (IOException e) {
                    throw new UncheckedIOException("cannot read " + file, e);
                }
            };
        }
        if (Files.isRegularFile(entry)) {
            return new JarSource(entry);
        }
        return name -> null;
    }

    /** Class files that {@code loader} can see as resources (no class is loaded). */
    static ClassSource ofResources(ClassLoader loader) {
        return name -> {
            String resource = name + ".class";
            try (InputStream in = loader.getResourceAsStream(resource)) {
                return in == null ? null : in.readAllBytes();
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read " + resource, e);
            }
        };
    }

    /** The JDK's classes (through the platform class loader, so not the tool's own class path). */
    static ClassSource jdk() {
        return ofResources(ClassLoader.getPlatformClassLoader());
    }

    /** The entries of a class path in order, then the JDK. */
    static ClassSource ofClassPath(List<Path> entries) {
        List<ClassSource> sources = new ArrayList<>();
        for (Path entry : entries) {
            sources.add(of(entry));
        }
        sources.add(jdk());
        return new Chain(sources);
    }

    /** Several sources searched in order. */
    record Chain(List<ClassSource> sources) implements ClassSource {
        @Override
        public byte[] find(String internalName) {
            for (ClassSource source : sources) {
                byte[] bytes = source.find(internalName);
                if (bytes != null) {
                    return bytes;
                }
            }
            return null;
        }

        @Override
        public void close() throws IOException {
            for (ClassSource source : sources) {
                source.close();
            }
        }
    }

    /** A jar kept open until closed. */
    final class JarSource implements ClassSource {
        private final Path path;
        private JarFile jar;

        JarSource(Path path) {
            this.path = path;
        }

        @Override
        public synchronized byte[] find(String internalName) {
            try {
                if (jar == null) {
                    jar = new JarFile(path.toFile());
                }
                ZipEntry entry = jar.getEntry(internalName + ".class");
                if (entry == null) {
                    return null;
                }
                try (InputStream in = jar.getInputStream(entry)) {
                    return in.readAllBytes();
                }
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read " + path, e);
            }
        }

        @Override
        public synchronized void close() throws IOException {
            if (jar != null) {
                jar.close();
                jar = null;
            }
        }
    }
}
