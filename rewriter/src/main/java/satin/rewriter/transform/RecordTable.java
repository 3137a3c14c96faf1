package satin.rewriter.transform;

import static org.objectweb.asm.Opcodes.*;

import java.util.LinkedHashMap;
import java.util.Map;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.VarInsnNode;
import satin.rewriter.spawn.Destination;
import satin.rewriter.spawn.SpawnSite;

/**
 * The record classes of one host class, one per distinct {@link RecordSpec.Shape}, named
 * {@code Host$SatinRecordN}. For field destinations it adds a static accessor to the host, so that records
 * can store into private fields (and the host's nestmates' fields) exactly as the host itself could.
 */
public final class RecordTable {

    private final ClassNode host;
    private final Map<RecordSpec.Shape, RecordSpec> specs = new LinkedHashMap<>();
    private final Map<Destination, String> accessors = new LinkedHashMap<>();

    public RecordTable(ClassNode host) {
        this.host = host;
    }

    public RecordSpec specFor(SpawnSite site) {
        Destination d = site.destination();
        Destination key = new Destination(d.kind(), d.opcode(), -1, d.owner(), d.name(), d.descriptor());
        RecordSpec.Shape shape = new RecordSpec.Shape(site.call().getOpcode(), site.call().owner,
                site.call().name, site.call().desc, site.call().itf, key,
                site.checkcast() == null ? null : site.checkcast().desc);
        return specs.computeIfAbsent(shape, s -> new RecordSpec(host.name + "$SatinRecord" + specs.size(),
                host.name, (host.access & ACC_INTERFACE) != 0, s, accessorFor(key)));
    }

    private String accessorFor(Destination d) {
        if (d.kind() != Destination.Kind.FIELD && d.kind() != Destination.Kind.STATIC) {
            return null;
        }
        return accessors.computeIfAbsent(d, key -> addAccessor(key, "satin$store" + accessors.size()));
    }

    private String addAccessor(Destination d, String name) {
        boolean instance = d.kind() == Destination.Kind.FIELD;
        String descriptor = "(" + (instance ? Type.getObjectType(d.owner()).getDescriptor() : "")
                + d.descriptor() + ")V";
        boolean isInterface = (host.access & ACC_INTERFACE) != 0;
        MethodNode m = new MethodNode(ACC_STATIC | ACC_SYNTHETIC | (isInterface ? ACC_PUBLIC : 0), name,
                descriptor, null, null);
        int slot = 0;
        if (instance) {
            m.instructions.add(new VarInsnNode(ALOAD, slot++));
        }
        m.instructions.add(new VarInsnNode(Type.getType(d.descriptor()).getOpcode(ILOAD), slot));
        m.instructions.add(new FieldInsnNode(d.opcode(), d.owner(), d.name(), d.descriptor()));
        m.instructions.add(new InsnNode(RETURN));
        host.methods.add(m);
        return name;
    }

    /** The class files of all records used so far, by internal name. */
    public Map<String, byte[]> generate() {
        RecordClassGenerator generator = new RecordClassGenerator();
        Map<String, byte[]> classes = new LinkedHashMap<>();
        for (RecordSpec spec : specs.values()) {
            classes.put(spec.name(), generator.generate(spec));
        }
        return classes;
    }
}
