package satin.rewriter.transform;

import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

/** Emits boxing and unboxing of values of any type, for {@code boxedResult}. */
final class Boxing {

    private Boxing() {
    }

    static void box(MethodVisitor mv, Type type) {
        String box = boxClass(type);
        if (box != null) {
            mv.visitMethodInsn(Opcodes.INVOKESTATIC, box, "valueOf",
                    "(" + type.getDescriptor() + ")L" + box + ";", false);
        }
    }

    static void unbox(MethodVisitor mv, Type type) {
        String box = boxClass(type);
        if (box == null) {
            mv.visitTypeInsn(Opcodes.CHECKCAST, type.getInternalName());
        } else {
            mv.visitTypeInsn(Opcodes.CHECKCAST, box);
            mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, box, type.getClassName() + "Value",
                    "()" + type.getDescriptor(), false);
        }
    }

    private static String boxClass(Type type) {
        return switch (type.getSort()) {
            case Type.BOOLEAN -> "java/lang/Boolean";
            case Type.BYTE -> "java/lang/Byte";
            case Type.CHAR -> "java/lang/Character";
            case Type.SHORT -> "java/lang/Short";
            case Type.INT -> "java/lang/Integer";
            case Type.LONG -> "java/lang/Long";
            case Type.FLOAT -> "java/lang/Float";
            case Type.DOUBLE -> "java/lang/Double";
            default -> null;
        };
    }
}
