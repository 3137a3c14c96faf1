package satin.rewriter.spawn;

import java.util.HashSet;
import java.util.Set;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.FieldNode;
import org.objectweb.asm.tree.MethodNode;
import satin.rewriter.hierarchy.ClassHierarchy;

/**
 * Fields whose value, once a method reads it, does not change under that method's feet, so two reads of it in a
 * method see the same value (unless the method itself writes it in between, which the analyses see):
 * <ul>
 *   <li>{@code final} fields, of any class (constants of primitive and String type are inlined by javac anyway);</li>
 *   <li>{@code private} fields of the class being rewritten that only its constructors (instance fields) or its
 *       static initializer (static fields) assign, when the class has no nest members (a nested class could assign
 *       its outer class's private fields directly).</li>
 * </ul>
 * Any other field may be changed by a call or another thread between two reads, so a condition over it is never
 * taken to have the same value twice.
 */
public final class StableFields {

    private final ClassHierarchy hierarchy;
    private final String host;
    private final Set<String> hostStable = new HashSet<>();

    public StableFields(ClassHierarchy hierarchy, ClassNode host) {
        this.hierarchy = hierarchy;
        this.host = host.name;
        Set<String> writtenElsewhere = new HashSet<>();
        for (MethodNode m : host.methods) {
            for (AbstractInsnNode insn : m.instructions) {
                if (insn instanceof FieldInsnNode f && f.owner.equals(host.name)) {
                    boolean put = f.getOpcode() == Opcodes.PUTFIELD || f.getOpcode() == Opcodes.PUTSTATIC;
                    String initializer = f.getOpcode() == Opcodes.PUTSTATIC ? "<clinit>" : "<init>";
                    if (put && !m.name.equals(initializer)) {
                        writtenElsewhere.add(f.name + ':' + f.desc);
                    }
                }
            }
        }
        boolean nested = host.nestMembers != null && !host.nestMembers.isEmpty();
        for (FieldNode f : host.fields) {
            String key = f.name + ':' + f.desc;
            boolean isFinal = (f.access & Opcodes.ACC_FINAL) != 0;
            boolean isPrivate = (f.access & Opcodes.ACC_PRIVATE) != 0;
            if (isFinal || (isPrivate && !nested && !writtenElsewhere.contains(key))) {
                hostStable.add(key);
            }
        }
    }

    /** Whether the field an instruction reads is stable (see the class comment). */
    public boolean isStable(FieldInsnNode field) {
        if (field.owner.equals(host) && hostStable.contains(field.name + ':' + field.desc)) {
            return true;
        }
        return hierarchy.isFinalField(field.owner, field.name, field.desc);
    }
}
