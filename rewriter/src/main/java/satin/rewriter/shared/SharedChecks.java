package satin.rewriter.shared;

import java.util.ArrayList;
import java.util.List;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodNode;
import satin.contract.ContractNames;
import satin.rewriter.diagnostic.Findings;
import satin.rewriter.diagnostic.SourceNames;
import satin.rewriter.hierarchy.ClassHierarchy;

/**
 * Build errors for shared objects and guards, each naming the class, method and line:
 * <ul>
 *   <li>a class implementing a write-methods interface that does not extend {@code satin.SharedObject}: its writes
 *       would have no replicas to go to;</li>
 *   <li>a method {@code guard_m} in a class with spawnable methods, when no spawnable method {@code m} of the class
 *       takes the same parameters, or when it does not return {@code boolean}: the runtime would never call it, and
 *       the job it was meant to hold back would run at once.</li>
 * </ul>
 */
public final class SharedChecks {

    /** The prefix naming a guard, as in the original Satin. */
    public static final String GUARD_PREFIX = "guard_";

    private SharedChecks() {
    }

    public static void check(ClassHierarchy hierarchy, ClassNode node, Findings findings) {
        if ((node.access & Opcodes.ACC_INTERFACE) != 0) {
            return;
        }
        WriteMethods writes = new WriteMethods(hierarchy);
        writes.writeInterfaceOf(node.name).ifPresent(iface -> {
            if (!hierarchy.isSubclassOf(node.name, ContractNames.SHARED_OBJECT)) {
                int line = node.methods.stream().mapToInt(Findings::firstLine).filter(l -> l >= 0).min().orElse(-1);
                findings.error(null, line, "implements write-methods interface " + SourceNames.type(iface)
                        + " but does not extend satin.SharedObject: make it (or a superclass) extend SharedObject, "
                        + "whose replicas its write methods change");
            }
        });
        List<String> spawnable = spawnableMethods(hierarchy, node.name);
        if (spawnable.isEmpty()) {
            return;
        }
        for (MethodNode method : node.methods) {
            if (!method.name.startsWith(GUARD_PREFIX) || (method.access & Opcodes.ACC_STATIC) != 0) {
                continue;
            }
            String guarded = method.name.substring(GUARD_PREFIX.length());
            String params = method.desc.substring(0, method.desc.indexOf(')') + 1);
            boolean matches = spawnable.stream().anyMatch(m -> m.startsWith(guarded + params));
            boolean namesOne = spawnable.stream().anyMatch(m -> m.startsWith(guarded + "("));
            if (!namesOne) {
                continue; // not a guard: no spawnable method of that name
            }
            int line = Findings.firstLine(method);
            if (!matches) {
                findings.error(method, line, "guard " + method.name + " takes " + describe(params)
                        + " but spawnable method " + guarded + " takes " + describeAll(spawnable, guarded)
                        + ": a guard must take exactly the parameters of the method it guards");
            } else if (Type.getReturnType(method.desc) != Type.BOOLEAN_TYPE) {
                findings.error(method, line, "guard " + method.name + " returns "
                        + Type.getReturnType(method.desc).getClassName() + ": a guard must return boolean");
            }
        }
    }

    /** name+descriptor of every method of the spawnable interfaces {@code type} implements. */
    private static List<String> spawnableMethods(ClassHierarchy hierarchy, String type) {
        List<String> methods = new ArrayList<>();
        for (String iface : hierarchy.allInterfaces(type)) {
            if (hierarchy.isSpawnableInterface(iface)) {
                methods.addAll(hierarchy.get(iface).instanceMethods());
            }
        }
        return methods;
    }

    private static String describe(String params) {
        Type[] types = Type.getArgumentTypes(params + "V");
        StringBuilder b = new StringBuilder("(");
        for (int i = 0; i < types.length; i++) {
            b.append(i == 0 ? "" : ", ").append(types[i].getClassName());
        }
        return b.append(')').toString();
    }

    private static String describeAll(List<String> methods, String name) {
        return String.join(" or ", methods.stream().filter(m -> m.startsWith(name + "("))
                .map(m -> describe(m.substring(name.length(), m.indexOf(')') + 1))).sorted().toList());
    }
}
