package satin.rewriter.batch;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;

/**
 * A directory of class files or a jar: lists its classes and writes back changed and new ones. A jar is
 * rewritten into a new file next to it that then replaces it, so a failure never leaves a half-written jar.
 */
interface ClassContainer {

    /** Class files by internal name (module-info and multi-release variants are left alone). */
    Map<String, byte[]> classes() throws IOException;

    /** The bytes of a file inside the container, or null. */
    byte[] read(String path) throws IOException;

    /**
     * Writes files by path inside the container ({@code a/b/C.class}, {@code META-INF/satin/rewritten}) and removes
     * the {@code removed} ones.
     */
    void write(Map<String, byte[]> files, java.util.Set<String> removed) throws IOException;

    static ClassContainer of(Path path) {
        return Files.isDirectory(path) ? new Directory(path) : new Jar(path);
    }

    private static boolean isPlainClass(String name) {
        return name.endsWith(".class") && !name.startsWith("META-INF/") && !name.endsWith("module-info.class");
    }

    record Directory(Path root) implements ClassContainer {
        @Override
        public byte[] read(String path) throws IOException {
            Path file = root.resolve(path);
            return Files.isRegularFile(file) ? Files.readAllBytes(file) : null;
        }

        @Override
        public Map<String, byte[]> classes() throws IOException {
            Map<String, byte[]> classes = new LinkedHashMap<>();
            List<Path> files;
            try (Stream<Path> walk = Files.walk(root)) {
                files = walk.filter(Files::isRegularFile).sorted().toList();
            }
            for (Path file : files) {
                String name = root.relativize(file).toString().replace(java.io.File.separatorChar, '/');
                if (isPlainClass(name)) {
                    classes.put(name.substring(0, name.length() - ".class".length()), Files.readAllBytes(file));
                }
            }
            return classes;
        }

        @Override
        public void write(Map<String, byte[]> files, java.util.Set<String> removed) throws IOException {
            for (Map.Entry<String, byte[]> e : files.entrySet()) {
                Path file = root.resolve(e.getKey());
                Files.createDirectories(file.getParent());
                Files.write(file, e.getValue());
            }
            for (String path : removed) {
                Files.deleteIfExists(root.resolve(path));
            }
        }
    }

    record Jar(Path path) implements ClassContainer {
        @Override
        public byte[] read(String entryName) throws IOException {
            try (JarFile jar = new JarFile(path.toFile())) {
                JarEntry entry = jar.getJarEntry(entryName);
                if (entry == null) {
                    return null;
                }
                try (InputStream in = jar.getInputStream(entry)) {
                    return in.readAllBytes();
                }
            }
        }

        @Override
        public Map<String, byte[]> classes() throws IOException {
            Map<String, byte[]> classes = new LinkedHashMap<>();
            try (JarFile jar = new JarFile(path.toFile())) {
                for (JarEntry entry : java.util.Collections.list(jar.entries())) {
                    if (isPlainClass(entry.getName())) {
                        try (InputStream in = jar.getInputStream(entry)) {
                            String name = entry.getName();
                            classes.put(name.substring(0, name.length() - ".class".length()), in.readAllBytes());
                        }
                    }
                }
            }
            return classes;
        }

        @Override
        public void write(Map<String, byte[]> files, java.util.Set<String> removed) throws IOException {
            Map<String, byte[]> remaining = new LinkedHashMap<>(files);
            Path temp = Files.createTempFile(path.toAbsolutePath().getParent(), path.getFileName().toString(), ".tmp");
            try {
                try (JarFile jar = new JarFile(path.toFile());
                     OutputStream file = Files.newOutputStream(temp);
                     JarOutputStream out = new JarOutputStream(file)) {
                    List<JarEntry> entries = new ArrayList<>(java.util.Collections.list(jar.entries()));
                    for (JarEntry entry : entries) {
                        if (removed.contains(entry.getName())) {
                            continue;
                        }
                        byte[] replacement = remaining.remove(entry.getName());
                        out.putNextEntry(new JarEntry(entry.getName()));
                        if (replacement != null) {
                            out.write(replacement);
                        } else if (!entry.isDirectory()) {
                            try (InputStream in = jar.getInputStream(entry)) {
                                in.transferTo(out);
                            }
                        }
                        out.closeEntry();
                    }
                    for (Map.Entry<String, byte[]> e : remaining.entrySet()) {
                        out.putNextEntry(new JarEntry(e.getKey()));
                        out.write(e.getValue());
                        out.closeEntry();
                    }
                }
                Files.move(temp, path, StandardCopyOption.REPLACE_EXISTING);
            } finally {
                Files.deleteIfExists(temp);
            }
        }
    }
}
