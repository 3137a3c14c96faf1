package satin.runtime.node;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import org.objectweb.asm.ClassReader;
import satin.contract.ContractNames;
import satin.contract.InvocationRecord;

/**
 * The Kryo registration list of a run, computed identically on every node from the program's class path.
 *
 * <p>The IPL requires every class that travels to be registered, in the same order on every node (it checks a
 * hash of the list when a node joins). A stolen job is a generated {@link InvocationRecord} subclass holding a
 * target object and arguments, and a result travels back boxed. So the list is: every record class (a direct
 * subclass of {@code InvocationRecord}, found by reading class file headers with ASM's {@link ClassReader}, without
 * loading) in the directories
 * and Satin jars (those with a {@code satin/} package or a {@code META-INF/satin/} entry) of the JVM's class path,
 * the entry holding the main class and {@code -cp}, then the closure of the
 * declared types of their non-transient fields (and of those types' fields, arrays and component types),
 * behind an interface or abstract user type, every implementation of it in the scanned class path entries;
 * then a few common JDK value classes, then the classes named explicitly by the user ({@code --register}) for
 * values whose declared type does not reveal them (an {@code Object} or interface field). Names are sorted
 * within each group, so the order depends only on the class files, never on scanning order. Nodes whose class
 * paths differ get different lists, and the registry refuses the late joiner with a hash mismatch.
 */
public final class SerializationClasses {

    /** Concrete JDK classes commonly found behind interface-typed fields and results. */
    private static final List<String> COMMON = List.of(
            "java.lang.Boolean", "java.lang.Byte", "java.lang.Character", "java.lang.Double", "java.lang.Float",
            "java.lang.Integer", "java.lang.Long", "java.lang.Short", "java.lang.String",
            "java.math.BigInteger", "java.math.BigDecimal",
            "java.util.LinkedList", "java.util.HashSet", "java.util.LinkedHashMap", "java.util.LinkedHashSet",
            "java.util.TreeMap", "java.util.TreeSet", "java.util.BitSet",
            "[[J", "[[Z", "[[B", "[[C");

    private static final String RECORD = ContractNames.INVOCATION_RECORD;
    /** Packages whose records are the runtime's and the contract's own (root jobs, failures): they never travel. */
    private static final Set<String> RUNTIME_OWN = Set.of("satin.runtime", "satin.runtime.spawn", "satin.contract");

    private SerializationClasses() {
    }

    /**
     * The registration list for a program whose main class is {@code mainClass}, loaded by {@code loader}
     * from {@code classpath} (may be null) and the main class's own class path entry.
     */
    public static List<String> forProgram(Class<?> mainClass, String classpath, ClassLoader loader,
            List<String> extra) {
        Set<Path> roots = new LinkedHashSet<>();
        for (Path path : jvmClassPath()) {
            if (Files.isDirectory(path) || mentionsSatin(path)) {
                roots.add(path);
            }
        }
        Path own = codeSourceOf(mainClass);
        if (own != null) {
            roots.add(own);
        }
        if (classpath != null) {
            for (String entry : classpath.split(java.io.File.pathSeparator)) {
                if (!entry.isBlank()) {
                    roots.add(Path.of(entry).toAbsolutePath().normalize());
                }
            }
        }
        TreeSet<String> records = new TreeSet<>();
        Map<String, List<String>> subtypes = new HashMap<>();
        for (Path root : roots) {
            for (String name : recordClassNames(root, subtypes)) {
                Class<?> c = load(name, loader);
                if (c != null && InvocationRecord.class.isAssignableFrom(c) && !Modifier.isAbstract(c.getModifiers())) {
                    records.add(c.getName());
                }
            }
        }
        TreeSet<String> reachable = new TreeSet<>();
        for (String record : records) {
            new Closure(subtypes, loader, reachable).fields(load(record, loader));
        }
        reachable.removeAll(records);
        List<String> out = new ArrayList<>(records);
        out.addAll(reachable);
        for (String common : COMMON) {
            if (!out.contains(common) && !isKryoDefault(common)) {
                out.add(common);
            }
        }
        for (String name : extra) {
            if (!out.contains(name)) {
                out.add(name);
            }
        }
        return out;
    }

    /** Kryo registers primitives, their wrappers and String by itself; registering them again changes nothing. */
    private static boolean isKryoDefault(String name) {
        return name.startsWith("java.lang.");
    }

    /**
     * The classes whose instances may sit in a record's fields: declared field types, closed over their own
     * fields; behind an interface or abstract user type, its implementations found on the scanned class path.
     */
    private record Closure(Map<String, List<String>> subtypes, ClassLoader loader, Set<String> out,
                           Set<Class<?>> seen, Set<Class<?>> implemented) {
        Closure(Map<String, List<String>> subtypes, ClassLoader loader, Set<String> out) {
            this(subtypes, loader, out, new java.util.HashSet<>(), new java.util.HashSet<>());
        }

        void fields(Class<?> type) {
            if (type == null || !seen.add(type)) {
                return;
            }
            for (Class<?> c = type; c != null && c != Object.class && c != InvocationRecord.class;
                    c = c.getSuperclass()) {
                if (c != type) {
                    add(c);
                }
                for (Field f : c.getDeclaredFields()) {
                    int m = f.getModifiers();
                    if (!Modifier.isStatic(m) && !Modifier.isTransient(m)) {
                        add(f.getType());
                    }
                }
            }
        }

        void add(Class<?> t) {
            if (t.isPrimitive() || t == Object.class) {
                return;
            }
            if (t.isArray()) {
                add(t.getComponentType());
                out.add(t.getName());
                return;
            }
            boolean jdk = t.getName().startsWith("java.");
            if (t.isInterface() || Modifier.isAbstract(t.getModifiers()) || t.getName().equals("satin.SatinObject")) {
                // Not registrable itself: its fields (abstract classes) and its implementations are.
                if (!jdk && !t.isInterface()) {
                    fields(t);
                }
                if (!jdk && implemented.add(t)) {
                    for (String sub : subtypes.getOrDefault(t.getName(), List.of())) {
                        Class<?> c = load(sub, loader);
                        if (c != null) {
                            add(c);
                        }
                    }
                }
                return;
            }
            if (jdk && t.getName().startsWith("java.lang.")) {
                return;
            }
            out.add(t.getName());
            if (!jdk) {
                fields(t);
            }
        }
    }

    private static Class<?> load(String name, ClassLoader loader) {
        try {
            return Class.forName(name, false, loader);
        } catch (ClassNotFoundException | LinkageError e) {
            return null;
        }
    }

    private static Path codeSourceOf(Class<?> c) {
        CodeSource source = c.getProtectionDomain().getCodeSource();
        if (source == null || source.getLocation() == null) {
            return null;
        }
        try {
            return Path.of(source.getLocation().toURI()).toAbsolutePath().normalize();
        } catch (URISyntaxException | IllegalArgumentException e) {
            return null;
        }
    }

    /** Binary names of the classes in a directory or jar that directly extend {@link InvocationRecord}. */
    static List<String> recordClassNames(Path root, Map<String, List<String>> subtypes) {
        List<String> names = new ArrayList<>();
        try {
            if (Files.isDirectory(root)) {
                try (Stream<Path> files = Files.walk(root)) {
                    for (Path p : (Iterable<Path>) files.filter(f -> f.toString().endsWith(".class"))::iterator) {
                        try (InputStream in = Files.newInputStream(p)) {
                            note(binaryName(root.relativize(p).toString().replace(java.io.File.separatorChar, '/')),
                                    header(in), names, subtypes);
                        }
                    }
                }
            } else if (Files.isRegularFile(root) && root.toString().endsWith(".jar")) {
                try (JarFile jar = new JarFile(root.toFile())) {
                    for (Enumeration<JarEntry> e = jar.entries(); e.hasMoreElements(); ) {
                        JarEntry entry = e.nextElement();
                        if (entry.getName().endsWith(".class") && !entry.getName().startsWith("META-INF/")) {
                            try (InputStream in = jar.getInputStream(entry)) {
                                note(binaryName(entry.getName()), header(in), names, subtypes);
                            }
                        }
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot scan class path entry " + root, e);
        }
        names.removeIf(n -> RUNTIME_OWN.contains(n.substring(0, Math.max(0, n.lastIndexOf('.')))));
        return names;
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

    private static void note(String name, ClassReader header, List<String> records,
            Map<String, List<String>> subtypes) {
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
        if (RECORD.equals(superName)) {
            records.add(name);
        }
        subtypes.computeIfAbsent(superName.replace('/', '.'), k -> new ArrayList<>()).add(name);
        for (String i : interfaces) {
            subtypes.computeIfAbsent(i.replace('/', '.'), k -> new ArrayList<>()).add(name);
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
     * Whether a jar of the JVM's class path may hold rewritten code: it has a {@code satin/} package or a
     * {@code META-INF/satin/} entry. Reading a jar's directory is cheap; reading every class header of every
     * library jar is not, and libraries without Satin in them hold no records.
     */
    private static boolean mentionsSatin(Path jar) {
        if (!Files.isRegularFile(jar) || !jar.toString().endsWith(".jar")) {
            return false;
        }
        try (JarFile file = new JarFile(jar.toFile())) {
            return file.stream().anyMatch(e -> e.getName().startsWith("satin/") || e.getName().startsWith("META-INF/satin/"));
        } catch (IOException e) {
            return false;
        }
    }

    private static String binaryName(String path) {
        return path.substring(0, path.length() - ".class".length()).replace('/', '.');
    }
}
