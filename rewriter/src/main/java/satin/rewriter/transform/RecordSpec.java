package satin.rewriter.transform;

import org.objectweb.asm.Type;
import satin.contract.ContractNames;
import satin.rewriter.spawn.Destination;

/**
 * One generated invocation-record class: which method it calls, on which static receiver type, and where it
 * stores the result. Spawn sites with the same {@link Shape} in one class share a record class.
 *
 * @param name     internal name of the record class
 * @param host     internal name of the class whose spawn sites use it
 * @param accessor name of the static method in the host that stores into the destination field, or null
 */
public record RecordSpec(String name, String host, boolean hostIsInterface, Shape shape, String accessor) {

    /** Everything about a spawn site that its record class depends on. */
    public record Shape(int callOpcode, String owner, String method, String descriptor, boolean itf,
                        Destination destination, String cast) {

        public Type resultType() {
            return Type.getReturnType(descriptor);
        }

        public Type[] argumentTypes() {
            return Type.getArgumentTypes(descriptor);
        }
    }

    public static final String ARRAY_FIELD = "array";
    public static final String INDEX_FIELD = "index";
    public static final String OBJECT_FIELD = "object";
    public static final String TARGET_FIELD = "target";
    /** The runtime reads the result by this name (trace sizes): the contract's name, not the rewriter's choice. */
    public static final String RESULT_FIELD = ContractNames.RESULT_FIELD;
    public static final String CREATE = "create";

    static String argumentField(int i) {
        return "a" + i;
    }

    /** Descriptor of {@code create}: captured destination values, the target, then the arguments. */
    public String createDescriptor() {
        StringBuilder b = new StringBuilder("(");
        Destination d = shape.destination();
        switch (d.kind()) {
            case ARRAY -> b.append(d.descriptor()).append('I');
            case FIELD -> b.append(Type.getObjectType(d.owner()).getDescriptor());
            default -> { }
        }
        b.append(Type.getObjectType(shape.owner()).getDescriptor());
        for (Type t : shape.argumentTypes()) {
            b.append(t.getDescriptor());
        }
        return b.append(")L").append(name).append(';').toString();
    }

    /** Descriptor of the host's field-store accessor. */
    public String accessorDescriptor() {
        Destination d = shape.destination();
        String object = d.kind() == Destination.Kind.FIELD ? Type.getObjectType(d.owner()).getDescriptor() : "";
        return "(" + object + d.descriptor() + ")V";
    }
}
