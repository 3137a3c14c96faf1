package satin.rewriter.shared;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import satin.contract.ContractNames;
import satin.rewriter.hierarchy.ClassHierarchy;

/**
 * Which calls are calls of write methods: an {@code invokevirtual}/{@code invokeinterface} of a method declared, with
 * the same name and descriptor, in an interface that (transitively) extends {@code satin.WriteMethodsInterface},
 * on a receiver whose static type is that interface or a class implementing it. The same rule as for spawnable
 * calls, with the other marker. Answers are cached for the class being rewritten.
 */
final class WriteMethods {

    private final ClassHierarchy hierarchy;
    private final Map<String, Boolean> writeInterfaces = new HashMap<>();

    WriteMethods(ClassHierarchy hierarchy) {
        this.hierarchy = hierarchy;
    }

    /** An interface that extends WriteMethodsInterface; the marker itself is not one. */
    boolean isWriteInterface(String iface) {
        return writeInterfaces.computeIfAbsent(iface, i -> !i.equals(ContractNames.WRITE_METHODS_INTERFACE)
                && hierarchy.allInterfaces(i).contains(ContractNames.WRITE_METHODS_INTERFACE));
    }

    /** The write-methods interface declaring {@code name+descriptor} that a receiver of type {@code owner} offers. */
    Optional<String> declaration(String owner, String name, String descriptor) {
        if (owner.startsWith("[") || name.startsWith("<")) {
            return Optional.empty();
        }
        for (String iface : hierarchy.allInterfaces(owner)) {
            if (isWriteInterface(iface) && hierarchy.get(iface).declares(name, descriptor)) {
                return Optional.of(iface);
            }
        }
        return Optional.empty();
    }

    /** A write-methods interface {@code type} implements, if any. */
    Optional<String> writeInterfaceOf(String type) {
        return hierarchy.allInterfaces(type).stream().filter(this::isWriteInterface).sorted().findFirst();
    }
}
