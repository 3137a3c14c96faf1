package satin.rewriter.spawn;

import java.util.Map;
import java.util.Optional;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import satin.rewriter.diagnostic.Findings;
import satin.rewriter.diagnostic.SourceNames;
import satin.rewriter.hierarchy.ClassHierarchy;

/**
 * The warning for a class that calls sync() but spawns nothing: it runs sequentially, and the usual cause is a
 * method that looks spawnable but is not, because its interface does not extend {@code satin.Spawnable} or the
 * class does not implement the interface that declares it. The warning names the first call that looks like a
 * forgotten spawn (an instance method of the class itself, or of an interface it implements, called before a
 * sync() in a method that syncs) and says which of the two it is.
 */
public final class SpawnlessSync {

    private SpawnlessSync() {
    }

    /** Adds the warning when the methods of {@code host} call sync() and none of them spawns. */
    public static void check(ClassHierarchy hierarchy, ClassNode host, Map<MethodNode, MethodScan> scans,
                             Findings findings) {
        if (scans.values().stream().anyMatch(s -> !s.sites().isEmpty())) {
            return;
        }
        for (Map.Entry<MethodNode, MethodScan> e : scans.entrySet()) {
            MethodScan scan = e.getValue();
            if (scan.syncs().isEmpty()) {
                continue;
            }
            MethodNode method = e.getKey();
            Optional<MethodInsnNode> call = lookalike(hierarchy, host, method, scan);
            if (call.isPresent()) {
                MethodInsnNode c = call.get();
                String called = SourceNames.method(c.owner, c.name);
                String reason = nonSpawnableInterface(hierarchy, host, c)
                        .map(i -> "it is declared in interface " + SourceNames.type(i) + ", which does not extend"
                                + " satin.Spawnable: declare 'interface " + SourceNames.simpleType(i)
                                + " extends satin.Spawnable'")
                        .orElse("no interface of " + SourceNames.simpleType(host.name) + " that extends"
                                + " satin.Spawnable declares " + signature(c)
                                + ": declare it in an interface that extends satin.Spawnable and add 'implements'"
                                + " of that interface to " + SourceNames.simpleType(host.name));
                findings.warning(method, Findings.lineOf(c), "calls sync() but spawns nothing, so it runs"
                        + " sequentially: " + called + ", called before sync(), is not a spawnable method because "
                        + reason);
            } else {
                findings.warning(method, Findings.lineOf(scan.syncs().get(0)), "calls sync() but spawns nothing, so"
                        + " it runs sequentially: a call is spawned only when its method is declared in an interface"
                        + " that extends satin.Spawnable and the receiver's type implements that interface");
            }
            return;
        }
    }

    /** The first call before the last sync() of the method of an instance method of the host or its interfaces. */
    private static Optional<MethodInsnNode> lookalike(ClassHierarchy hierarchy, ClassNode host, MethodNode method,
                                                      MethodScan scan) {
        MethodInsnNode lastSync = scan.syncs().get(scan.syncs().size() - 1);
        java.util.Set<String> interfaces = hierarchy.allInterfaces(host.name);
        for (AbstractInsnNode insn : method.instructions) {
            if (insn == lastSync) {
                break;
            }
            if (insn instanceof MethodInsnNode c && !scan.syncs().contains(c) && !scan.aborts().contains(c)
                    && (c.getOpcode() == Opcodes.INVOKEVIRTUAL || c.getOpcode() == Opcodes.INVOKEINTERFACE)
                    && (c.owner.equals(host.name) || interfaces.contains(c.owner))
                    && hierarchy.find(c.owner).map(i -> i.declares(c.name, c.desc)).orElse(false)) {
                return Optional.of(c);
            }
        }
        return Optional.empty();
    }

    /** {@code fib(long)}: the called method as Java source declares it. */
    private static String signature(MethodInsnNode c) {
        return c.name + java.util.Arrays.stream(Type.getArgumentTypes(c.desc)).map(SpawnlessSync::simpleName)
                .collect(java.util.stream.Collectors.joining(", ", "(", ")"));
    }

    private static String simpleName(Type t) {
        String name = t.getClassName();
        return name.substring(name.lastIndexOf('.') + 1);
    }

    /** An interface of the host that declares the called method but is not spawnable. */
    private static Optional<String> nonSpawnableInterface(ClassHierarchy hierarchy, ClassNode host, MethodInsnNode c) {
        return hierarchy.allInterfaces(host.name).stream().sorted()
                .filter(i -> hierarchy.find(i).map(info -> info.declares(c.name, c.desc)).orElse(false))
                .findFirst();
    }
}
