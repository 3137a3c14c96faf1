package satin.runtime.node.classes;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import org.objectweb.asm.ClassReader;
import satin.contract.ContractNames;

/**
 * What the class-file headers of a program's class path entries say, read with ASM's {@link ClassReader} without
 * loading anything: the generated invocation records (direct subclasses of {@code InvocationRecord}) and, for
 * every class, its superclass and interfaces, so that the subtypes of a type can be listed. Only the entries that
 * may hold the program are scanned: directories, and jars with a {@code satin/} package or a
 * {@code META-INF/satin/} entry (libraries without Satin in them hold no records and no program classes).
 */
final class ClassPathScan {

    private static final String RECORD = ContractNames.INVOCATION_RECORD;
    /**
     * Packages whose records are the runtime's and the contract's own (root jobs, failures), or the simulator's (its
     * stand-in for a job, which the protocol engine hands to the runtime's stealing and never writes): they never
     * travel. The simulator is in the command line's jar, which every run scans.
     */
    private static final Set<String> RUNTIME_OWN = Set.of("satin.runtime", "satin.runtime.spawn", "satin.contract",
            "satin.simulator.protocol");
    /** Satin's own packages (not a program's): none of their classes is part of a job. */
    private static final Set<String> INFRASTRUCTURE = Set.of("satin.contract", "satin.runtime",
            "satin.runtime.spawn", "satin.runtime.deque", "satin.runtime.node", "satin.runtime.launch",
            "satin.runtime.trace", "satin.balance", "satin.trace");

    private final List<String> records = new ArrayList<>();
    private final Map<String, List<String>> directSubtypes = new HashMap<>();

    /** Record class names found, binary names, in scanning order. */
    List<String> records() {
        return records;
    }

    /** Classes and interfaces found that directly extend or implement {@code binaryName}. */
    List<String> directSubtypes(String binaryName) {
        return directSubtypes.getOrDefault(binaryName, List.of());
    }

    /** Reads the headers of every class in a directory or jar. */
    void scan(Path root) {
        try {
            if (Files.isDirectory(root)) {
                try (Stream<Path> files = Files.walk(root)) {
                    for (Path p : (Iterable<Path>) files.filter(f -> f.toString().endsWith(".class"))::iterator) {
                        try (InputStream in = Files.newInputStream(p)) {
                            note(binaryName(root.relativize(p).toString().replace(java.io.File.separatorChar, '/')),
                                    header(in));
                        }
                    }
                }
            } else if (Files.isRegularFile(root) && root.toString().endsWith(".jar")) {
                try (JarFile jar = new JarFile(root.toFile())) {
                    for (Enumeration<JarEntry> e = jar.entries(); e.hasMoreElements(); ) {
                        JarEntry entry = e.nextElement();
                        if (entry.getName().endsWith(".class") && !entry.getName().startsWith("META-INF/")) {
                            try (InputStream in = jar.getInputStream(entry)) {
                                note(binaryName(entry.getName()), header(in));
                            }
                        }
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot scan class path entry " + root, e);
        }
    }

    /**
     * The header of a class file (ASM parses the constant pool and the class header only when asked for them),
     * or null when it is not a class file ASM can read: such an entry is skipped, as it cannot be loaded either.
     */
    private static ClassReader header(InputStream in) throws IOException {
        byte[] bytes = in.readAllBytes();
        if (bytes.length < 10 || (bytes[0] & 0xFF) != 0xCA || (bytes[1] & 0xFF) != 0xFE || (bytes[2] & 0xFF) != 0xBA
                || (bytes[3] & 0xFF) != 0xBE) {
            return null; // no class file magic
        }
        try {
            return new ClassReader(bytes);
        } catch (IllegalArgumentException | IndexOutOfBoundsException e) {
            return null;
        }
    }

    private void note(String name, ClassReader header) {
        String superName;
        String[] interfaces;
        try {
            superName = header == null ? null : header.getSuperName();
            interfaces = header == null ? null : header.getInterfaces();
        } catch (IllegalArgumentException | IndexOutOfBoundsException e) {
            return; // a corrupt constant pool: skipped like a file that is not a class
        }
        if (superName == null) {
            return;
        }
        if (RECORD.equals(superName) && !RUNTIME_OWN.contains(packageOf(name))) {
            records.add(name);
        }
        directSubtypes.computeIfAbsent(superName.replace('/', '.'), k -> new ArrayList<>()).add(name);
        for (String i : interfaces) {
            directSubtypes.computeIfAbsent(i.replace('/', '.'), k -> new ArrayList<>()).add(name);
        }
    }

    /** Whether a class belongs to Satin itself (the contract, the runtime, the IPL, the policies). */
    static boolean isInfrastructure(String binaryName) {
        String pkg = packageOf(binaryName);
        return INFRASTRUCTURE.contains(pkg) || pkg.equals("satin.ipl") || pkg.startsWith("satin.ipl.");
    }

    private static String packageOf(String binaryName) {
        return binaryName.substring(0, Math.max(0, binaryName.lastIndexOf('.')));
    }

    private static String binaryName(String path) {
        return path.substring(0, path.length() - ".class".length()).replace('/', '.');
    }

    /** The class path entry a class was loaded from, or null (JDK classes, generated classes). */
    static Path codeSourceOf(Class<?> c) {
        CodeSource source = c.getProtectionDomain().getCodeSource();
        if (source == null || source.getLocation() == null) {
            return null;
        }
        try {
            return Path.of(source.getLocation().toURI()).toAbsolutePath().normalize();
        } catch (URISyntaxException | IllegalArgumentException | java.nio.file.FileSystemNotFoundException e) {
            return null;
        }
    }

    /** The JVM's class path, with the {@code Class-Path} of manifest-only jars (test runners, launchers) expanded. */
    static List<Path> jvmClassPath() {
        List<Path> out = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path", "").split(java.io.File.pathSeparator)) {
            if (entry.isBlank()) {
                continue;
            }
            Path path = Path.of(entry).toAbsolutePath().normalize();
            out.add(path);
            if (Files.isRegularFile(path) && entry.endsWith(".jar")) {
                try (JarFile jar = new JarFile(path.toFile())) {
                    java.util.jar.Manifest manifest = jar.getManifest();
                    String cp = manifest == null ? null
                            : manifest.getMainAttributes().getValue(java.util.jar.Attributes.Name.CLASS_PATH);
                    if (cp != null) {
                        for (String ref : cp.trim().split("\\s+")) {
                            try {
                                out.add(Path.of(path.getParent().toUri().resolve(ref)).toAbsolutePath().normalize());
                            } catch (IllegalArgumentException | java.nio.file.FileSystemNotFoundException e) {
                                // not a file: nothing to scan
                            }
                        }
                    }
                } catch (IOException e) {
                    // unreadable jar: nothing to scan
                }
            }
        }
        return out;
    }

    /**
     * Whether a class path entry may hold the program: a directory, or a jar with a {@code satin/} package or a
     * {@code META-INF/satin/} entry. Reading a jar's directory is cheap; reading every class header of every
     * library jar is not.
     */
    static boolean mayHoldProgram(Path entry) {
        if (Files.isDirectory(entry)) {
            return true;
        }
        if (!Files.isRegularFile(entry) || !entry.toString().endsWith(".jar")) {
            return false;
        }
        try (JarFile file = new JarFile(entry.toFile())) {
            return file.stream().anyMatch(e -> e.getName().startsWith("satin/")
                    || e.getName().startsWith("META-INF/satin/"));
        } catch (IOException e) {
            return false;
        }
    }
}
