package satin.rewriter.hierarchy;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import satin.contract.ContractNames;

/**
 * The type hierarchy as written in class files, read lazily from a {@link ClassSource}. Answers the questions
 * the rewriter asks (is this call spawnable, is this a SatinObject, what is the common superclass of two types
 * for a stack-map frame) without loading any user class.
 */
public final class ClassHierarchy {

    public static final String SPAWNABLE = ContractNames.SPAWNABLE;
    public static final String SATIN_OBJECT = ContractNames.SATIN_OBJECT;
    private static final String OBJECT = "java/lang/Object";

    private final ClassSource source;
    private final Map<String, Optional<ClassInfo>> infos = new ConcurrentHashMap<>();
    private final Map<String, Boolean> spawnableInterfaces = new ConcurrentHashMap<>();

    public ClassHierarchy(ClassSource source) {
        this.source = source;
    }

    /** Makes a class known that is not (yet) in the source, e.g. one being rewritten or generated. */
    public void add(byte[] classFile) {
        ClassInfo info = ClassInfo.read(classFile);
        infos.put(info.name(), Optional.of(info));
    }

    public Optional<ClassInfo> find(String internalName) {
        return infos.computeIfAbsent(internalName, name -> {
            byte[] bytes = source.find(name);
            return bytes == null ? Optional.empty() : Optional.of(ClassInfo.read(bytes));
        });
    }

    public ClassInfo get(String internalName) {
        return find(internalName).orElseThrow(() -> new MissingClassException(internalName));
    }

    /** Whether {@code type} is {@code ancestor} or a class extending it; unknown types are not. */
    public boolean isSubclassOf(String type, String ancestor) {
        for (String t = type; t != null; ) {
            if (t.equals(ancestor)) {
                return true;
            }
            Optional<ClassInfo> info = find(t);
            t = info.map(ClassInfo::superName).orElse(null);
        }
        return false;
    }

    /** Every interface {@code type} is or implements, directly or through supertypes. */
    public Set<String> allInterfaces(String type) {
        Set<String> result = new HashSet<>();
        Deque<String> todo = new ArrayDeque<>();
        todo.add(type);
        Set<String> seen = new HashSet<>();
        while (!todo.isEmpty()) {
            String t = todo.poll();
            if (!seen.add(t)) {
                continue;
            }
            Optional<ClassInfo> info = find(t);
            if (info.isEmpty()) {
                continue;
            }
            if (info.get().isInterface()) {
                result.add(t);
            }
            if (info.get().superName() != null) {
                todo.add(info.get().superName());
            }
            todo.addAll(info.get().interfaces());
        }
        return result;
    }

    /** An interface that (transitively) extends {@code satin.Spawnable}; Spawnable itself is not one. */
    public boolean isSpawnableInterface(String iface) {
        return spawnableInterfaces.computeIfAbsent(iface,
                i -> !i.equals(SPAWNABLE) && allInterfaces(i).contains(SPAWNABLE));
    }

    /**
     * The spawnable interface declaring {@code name+descriptor} that a receiver of static type {@code owner}
     * offers, if the call is a spawn.
     */
    public Optional<String> spawnableDeclaration(String owner, String name, String descriptor) {
        if (owner.startsWith("[")) {
            return Optional.empty();
        }
        for (String iface : allInterfaces(owner)) {
            if (isSpawnableInterface(iface) && get(iface).declares(name, descriptor)) {
                return Optional.of(iface);
            }
        }
        return Optional.empty();
    }

    /** A spawnable interface {@code type} implements, if any. */
    public Optional<String> spawnableInterfaceOf(String type) {
        return allInterfaces(type).stream().filter(this::isSpawnableInterface).sorted().findFirst();
    }

    /**
     * Whether the field a {@code getfield}/{@code getstatic} of {@code owner.name} resolves to is final: the first
     * declaration on the way up the superclasses and interfaces. Unknown classes say no.
     */
    public boolean isFinalField(String owner, String name, String descriptor) {
        Deque<String> todo = new ArrayDeque<>();
        todo.add(owner);
        Set<String> seen = new HashSet<>();
        while (!todo.isEmpty()) {
            String t = todo.poll();
            if (!seen.add(t)) {
                continue;
            }
            Optional<ClassInfo> info = find(t);
            if (info.isEmpty()) {
                return false;
            }
            if (info.get().declaresField(name, descriptor)) {
                return info.get().declaresFinalField(name, descriptor);
            }
            if (info.get().superName() != null) {
                todo.add(info.get().superName());
            }
            todo.addAll(info.get().interfaces());
        }
        return false;
    }

    /** Whether a value of type {@code from} may be stored where {@code to} is expected (class types only). */
    public boolean isAssignable(String to, String from) {
        if (to.equals(from) || to.equals(OBJECT)) {
            return true;
        }
        return get(to).isInterface() ? allInterfaces(from).contains(to) : isSubclassOf(from, to);
    }

    /** The most specific common superclass, as stack-map frames need it; interfaces merge to Object. */
    public String commonSuperClass(String a, String b) {
        if (isAssignable(a, b)) {
            return a;
        }
        if (isAssignable(b, a)) {
            return b;
        }
        if (get(a).isInterface() || get(b).isInterface()) {
            return OBJECT;
        }
        String t = a;
        do {
            t = get(t).superName();
        } while (t != null && !isSubclassOf(b, t));
        return t == null ? OBJECT : t;
    }
}
