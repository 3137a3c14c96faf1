package satin.rewriter.transform;

import static org.objectweb.asm.Opcodes.*;

import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Type;
import satin.contract.ContractNames;
import satin.rewriter.spawn.Destination;

/**
 * Generates an invocation-record class: public fields for the target, the arguments and the result; transient
 * fields for a captured array/index or object destination; a static {@code create} factory; {@code execute}
 * making the call; {@code deliver} storing into an array element or (through the host's accessor) a field;
 * and the boxed result accessors. The code has no branches, so no stack-map frames are needed.
 */
public final class RecordClassGenerator {

    static final String RECORD = ContractNames.INVOCATION_RECORD;
    static final String REWRITTEN = ContractNames.REWRITTEN_DESCRIPTOR;

    public byte[] generate(RecordSpec spec) {
        RecordSpec.Shape shape = spec.shape();
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_MAXS);
        cw.visit(V17, ACC_PUBLIC | ACC_FINAL | ACC_SUPER | ACC_SYNTHETIC, spec.name(), null, RECORD, null);
        Marks.mark(cw);
        Destination d = shape.destination();
        switch (d.kind()) {
            case ARRAY -> {
                field(cw, ACC_TRANSIENT, RecordSpec.ARRAY_FIELD, d.descriptor());
                field(cw, ACC_TRANSIENT, RecordSpec.INDEX_FIELD, "I");
            }
            case FIELD -> field(cw, ACC_TRANSIENT, RecordSpec.OBJECT_FIELD, objectDescriptor(d.owner()));
            default -> { }
        }
        field(cw, 0, RecordSpec.TARGET_FIELD, objectDescriptor(shape.owner()));
        Type[] args = shape.argumentTypes();
        for (int i = 0; i < args.length; i++) {
            field(cw, 0, RecordSpec.argumentField(i), args[i].getDescriptor());
        }
        boolean hasResult = shape.resultType().getSort() != Type.VOID;
        if (hasResult) {
            field(cw, 0, RecordSpec.RESULT_FIELD, shape.resultType().getDescriptor());
        }
        constructor(cw, RECORD);
        create(cw, spec);
        execute(cw, spec);
        if (d.kind() == Destination.Kind.ARRAY || d.kind() == Destination.Kind.FIELD
                || d.kind() == Destination.Kind.STATIC) {
            deliver(cw, spec);
        }
        boxedResult(cw, spec, hasResult);
        cw.visitEnd();
        return cw.toByteArray();
    }

    private static String objectDescriptor(String internalName) {
        return Type.getObjectType(internalName).getDescriptor();
    }

    private static void field(ClassWriter cw, int extraAccess, String name, String descriptor) {
        cw.visitField(ACC_PUBLIC | extraAccess, name, descriptor, null, null).visitEnd();
    }

    /** A public no-argument constructor that calls {@code superName}'s (generated records and loop ranges). */
    static void constructor(ClassWriter cw, String superName) {
        MethodVisitor mv = cw.visitMethod(ACC_PUBLIC, "<init>", "()V", null, null);
        mv.visitCode();
        mv.visitVarInsn(ALOAD, 0);
        mv.visitMethodInsn(INVOKESPECIAL, superName, "<init>", "()V", false);
        mv.visitInsn(RETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
    }

    private static void create(ClassWriter cw, RecordSpec spec) {
        String descriptor = spec.createDescriptor();
        MethodVisitor mv = cw.visitMethod(ACC_PUBLIC | ACC_STATIC, RecordSpec.CREATE, descriptor, null, null);
        mv.visitCode();
        mv.visitTypeInsn(NEW, spec.name());
        mv.visitInsn(DUP);
        mv.visitMethodInsn(INVOKESPECIAL, spec.name(), "<init>", "()V", false);
        Type[] params = Type.getArgumentTypes(descriptor);
        String[] names = fieldNames(spec, params.length);
        int slot = 0;
        for (int i = 0; i < params.length; i++) {
            mv.visitInsn(DUP);
            mv.visitVarInsn(params[i].getOpcode(ILOAD), slot);
            mv.visitFieldInsn(PUTFIELD, spec.name(), names[i], params[i].getDescriptor());
            slot += params[i].getSize();
        }
        mv.visitInsn(ARETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
    }

    /** Field names in the order of {@code create}'s parameters. */
    private static String[] fieldNames(RecordSpec spec, int count) {
        String[] names = new String[count];
        int i = 0;
        switch (spec.shape().destination().kind()) {
            case ARRAY -> {
                names[i++] = RecordSpec.ARRAY_FIELD;
                names[i++] = RecordSpec.INDEX_FIELD;
            }
            case FIELD -> names[i++] = RecordSpec.OBJECT_FIELD;
            default -> { }
        }
        names[i++] = RecordSpec.TARGET_FIELD;
        for (int a = 0; i < count; a++) {
            names[i++] = RecordSpec.argumentField(a);
        }
        return names;
    }

    private static void execute(ClassWriter cw, RecordSpec spec) {
        RecordSpec.Shape shape = spec.shape();
        MethodVisitor mv = cw.visitMethod(ACC_PROTECTED, ContractNames.EXECUTE, ContractNames.EXECUTE_DESCRIPTOR, null,
                new String[] {"java/lang/Throwable"});
        mv.visitCode();
        Type result = shape.resultType();
        if (result.getSort() != Type.VOID) {
            mv.visitVarInsn(ALOAD, 0);
        }
        mv.visitVarInsn(ALOAD, 0);
        mv.visitFieldInsn(GETFIELD, spec.name(), RecordSpec.TARGET_FIELD, objectDescriptor(shape.owner()));
        Type[] args = shape.argumentTypes();
        for (int i = 0; i < args.length; i++) {
            mv.visitVarInsn(ALOAD, 0);
            mv.visitFieldInsn(GETFIELD, spec.name(), RecordSpec.argumentField(i), args[i].getDescriptor());
        }
        mv.visitMethodInsn(shape.callOpcode(), shape.owner(), shape.method(), shape.descriptor(), shape.itf());
        if (result.getSort() != Type.VOID) {
            mv.visitFieldInsn(PUTFIELD, spec.name(), RecordSpec.RESULT_FIELD, result.getDescriptor());
        }
        mv.visitInsn(RETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
    }

    private static void deliver(ClassWriter cw, RecordSpec spec) {
        RecordSpec.Shape shape = spec.shape();
        Destination d = shape.destination();
        MethodVisitor mv = cw.visitMethod(ACC_PROTECTED, ContractNames.DELIVER, ContractNames.DELIVER_DESCRIPTOR, null, null);
        mv.visitCode();
        switch (d.kind()) {
            case ARRAY -> {
                mv.visitVarInsn(ALOAD, 0);
                mv.visitFieldInsn(GETFIELD, spec.name(), RecordSpec.ARRAY_FIELD, d.descriptor());
                mv.visitVarInsn(ALOAD, 0);
                mv.visitFieldInsn(GETFIELD, spec.name(), RecordSpec.INDEX_FIELD, "I");
            }
            case FIELD -> {
                mv.visitVarInsn(ALOAD, 0);
                mv.visitFieldInsn(GETFIELD, spec.name(), RecordSpec.OBJECT_FIELD, objectDescriptor(d.owner()));
            }
            default -> { }
        }
        mv.visitVarInsn(ALOAD, 0);
        mv.visitFieldInsn(GETFIELD, spec.name(), RecordSpec.RESULT_FIELD, shape.resultType().getDescriptor());
        if (shape.cast() != null) {
            mv.visitTypeInsn(CHECKCAST, shape.cast());
        }
        if (d.kind() == Destination.Kind.ARRAY) {
            mv.visitInsn(d.opcode());
        } else {
            mv.visitMethodInsn(INVOKESTATIC, spec.host(), spec.accessor(), spec.accessorDescriptor(),
                    spec.hostIsInterface());
        }
        mv.visitInsn(RETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
    }

    private static void boxedResult(ClassWriter cw, RecordSpec spec, boolean hasResult) {
        Type result = spec.shape().resultType();
        MethodVisitor get = cw.visitMethod(ACC_PUBLIC, ContractNames.BOXED_RESULT,
                ContractNames.BOXED_RESULT_GET_DESCRIPTOR, null, null);
        get.visitCode();
        if (hasResult) {
            get.visitVarInsn(ALOAD, 0);
            get.visitFieldInsn(GETFIELD, spec.name(), RecordSpec.RESULT_FIELD, result.getDescriptor());
            Boxing.box(get, result);
        } else {
            get.visitInsn(ACONST_NULL);
        }
        get.visitInsn(ARETURN);
        get.visitMaxs(0, 0);
        get.visitEnd();

        MethodVisitor set = cw.visitMethod(ACC_PUBLIC, ContractNames.BOXED_RESULT,
                ContractNames.BOXED_RESULT_SET_DESCRIPTOR, null, null);
        set.visitCode();
        if (hasResult) {
            set.visitVarInsn(ALOAD, 0);
            set.visitVarInsn(ALOAD, 1);
            Boxing.unbox(set, result);
            set.visitFieldInsn(PUTFIELD, spec.name(), RecordSpec.RESULT_FIELD, result.getDescriptor());
        }
        set.visitInsn(RETURN);
        set.visitMaxs(0, 0);
        set.visitEnd();
    }
}
