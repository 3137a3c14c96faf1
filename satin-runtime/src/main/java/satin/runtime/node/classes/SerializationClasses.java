package satin.runtime.node.classes;

import java.lang.reflect.Modifier;
import java.lang.reflect.Type;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import satin.contract.InvocationRecord;

/**
 * The Kryo registration list of a run, computed identically on every node from the program's class path.
 *
 * <p>The IPL requires every class that travels to be registered, in the same order on every node (it checks a
 * hash of the list when a node joins). A stolen job is a generated {@link InvocationRecord} subclass holding a
 * target object and arguments, and a result travels back boxed. So the list is, in this order:
 * <ol>
 *   <li>every record class on the scanned class path ({@link ClassPathScan}: the directories and Satin jars of the
 *       JVM's class path, the entry holding the main class, and {@code -cp}), sorted by name;</li>
 *   <li>the {@link TypeClosure} of the records' field types, of the generic parameter and result types of the
 *       methods they call ({@link RecordCalls}), of every {@link satin.SharedObject} class (one may sit anywhere in
 *       a job, and travels as a reference: {@link SharedReferences}) and of the classes named by the user, minus
 *       the records, sorted:
 *       concrete classes, every subtype on the class path of a program type that is not final (interfaces,
 *       abstract classes and concrete base classes alike), type arguments of generic types, arrays and the arrays
 *       of subtypes;</li>
 *   <li>a few common JDK value classes;</li>
 *   <li>the classes named by the user ({@code --register}, {@code satin.register}) not already listed, in the
 *       order given. Users write names as Java does ({@code a.b.Outer.Inner}, {@code a.b.Vector3D[]}) or as the
 *       JVM does; {@link ClassNames} resolves both.</li>
 * </ol>
 * The order depends only on the class files and the user's list, never on scanning order. Nodes whose class paths
 * differ get different lists, and the registry refuses the late joiner with a hash mismatch. A class the
 * derivation still misses does not fail a run: see {@code node.steal.UnshippableJobs}.
 */
public final class SerializationClasses {

    /**
     * Concrete JDK classes commonly found behind interface-typed fields and results ({@code List}, {@code Map},
     * {@code Set}, {@code Queue}): the ones Kryo serializes by default, including the classes of {@code List.of},
     * {@code Set.of}, {@code Map.of} and {@code Arrays.asList}. ({@code ArrayList} and {@code HashMap} are in the
     * IPL's own base list.)
     */
    private static final List<String> COMMON = List.of(
            "java.math.BigInteger", "java.math.BigDecimal",
            "java.util.LinkedList", "java.util.HashSet", "java.util.LinkedHashMap", "java.util.LinkedHashSet",
            "java.util.TreeMap", "java.util.TreeSet", "java.util.BitSet", "java.util.EnumSet",
            "java.util.ArrayDeque", "java.util.PriorityQueue", "java.util.Vector", "java.util.IdentityHashMap",
            "java.util.concurrent.ConcurrentHashMap", "java.util.concurrent.CopyOnWriteArrayList",
            "java.util.concurrent.ConcurrentLinkedQueue", "java.util.concurrent.ConcurrentSkipListMap",
            "java.util.ImmutableCollections$List12", "java.util.ImmutableCollections$ListN",
            "java.util.ImmutableCollections$Set12", "java.util.ImmutableCollections$SetN",
            "java.util.ImmutableCollections$Map1", "java.util.ImmutableCollections$MapN", "java.util.Arrays$ArrayList",
            "[[J", "[[Z", "[[B", "[[C");

    private SerializationClasses() {
    }

    /**
     * The registration list for a program whose main class is {@code mainClass}, loaded by {@code loader} from
     * {@code classpath} (may be null) and the main class's own class path entry.
     *
     * @param extra classes the user named, as written
     * @throws IllegalArgumentException naming a class of {@code extra} that is not on the class path
     */
    public static List<String> forProgram(Class<?> mainClass, String classpath, ClassLoader loader,
            List<String> extra) {
        List<Class<?>> named = new ArrayList<>();
        for (String name : extra) {
            try {
                named.add(ClassNames.resolve(name, loader));
            } catch (ClassNotFoundException e) {
                throw new IllegalArgumentException("a class named to register for serialization (--register, "
                        + "satin.register): " + e.getMessage(), e);
            }
        }
        ClassPathScan scan = new ClassPathScan();
        for (Path root : roots(mainClass, classpath)) {
            scan.scan(root);
        }
        TreeSet<String> records = new TreeSet<>();
        for (String name : scan.records()) {
            Class<?> c = load(name, loader);
            if (c != null && InvocationRecord.class.isAssignableFrom(c) && !Modifier.isAbstract(c.getModifiers())) {
                records.add(c.getName());
            }
        }
        TypeClosure closure = new TypeClosure(scan, loader);
        for (String record : records) {
            Class<?> c = load(record, loader);
            closure.contentsOf(c);
            for (Type t : RecordCalls.genericTypes(c, loader)) {
                closure.add(t);
            }
        }
        for (Class<?> c : named) {
            closure.add(c);
        }
        // a shared object may sit anywhere in a job, behind any declared type; it travels as a reference
        // (SharedReferences), which needs its class registered
        closure.concreteSubtypesOf(satin.SharedObject.class);
        TreeSet<String> reachable = new TreeSet<>(closure.classes());
        reachable.removeAll(records);
        named.forEach(c -> reachable.remove(c.getName()));
        Set<String> out = new LinkedHashSet<>(records);
        out.addAll(reachable);
        out.addAll(COMMON);
        for (Class<?> c : named) {
            out.add(c.getName());
        }
        return List.copyOf(out);
    }

    /** The class path entries that may hold the program, in a stable order. */
    private static Set<Path> roots(Class<?> mainClass, String classpath) {
        Set<Path> roots = new LinkedHashSet<>();
        for (Path path : ClassPathScan.jvmClassPath()) {
            if (ClassPathScan.mayHoldProgram(path)) {
                roots.add(path);
            }
        }
        Path own = ClassPathScan.codeSourceOf(mainClass);
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
        return roots;
    }

    private static Class<?> load(String name, ClassLoader loader) {
        try {
            return Class.forName(name, false, loader);
        } catch (ClassNotFoundException | LinkageError e) {
            return null;
        }
    }
}
