package satin.rewriter.hierarchy;

import java.util.List;
import java.util.Set;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * What the rewriter needs to know about one type: its supertypes, the instance methods it declares and the fields
 * it declares, all and final ({@code name:descriptor}).
 */
public record ClassInfo(String name, String superName, List<String> interfaces, int access,
                        Set<String> instanceMethods, Set<String> fields, Set<String> finalFields) {

    public boolean isInterface() {
        return (access & Opcodes.ACC_INTERFACE) != 0;
    }

    public boolean declares(String methodName, String descriptor) {
        return instanceMethods.contains(methodName + descriptor);
    }

    public boolean declaresField(String fieldName, String descriptor) {
        return fields.contains(fieldName + ':' + descriptor);
    }

    public boolean declaresFinalField(String fieldName, String descriptor) {
        return finalFields.contains(fieldName + ':' + descriptor);
    }

    /** Reads the header, field and method signatures of a class file, skipping code. */
    public static ClassInfo read(byte[] classFile) {
        ClassReader reader = new ClassReader(classFile);
        Set<String> methods = new java.util.HashSet<>();
        Set<String> fields = new java.util.HashSet<>();
        Set<String> finalFields = new java.util.HashSet<>();
        reader.accept(new ClassVisitor(Opcodes.ASM9) {
            @Override
            public org.objectweb.asm.FieldVisitor visitField(int access, String name, String descriptor,
                                                             String signature, Object value) {
                fields.add(name + ':' + descriptor);
                if ((access & Opcodes.ACC_FINAL) != 0) {
                    finalFields.add(name + ':' + descriptor);
                }
                return null;
            }

            @Override
            public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
                                             String[] exceptions) {
                if ((access & Opcodes.ACC_STATIC) == 0) {
                    methods.add(name + descriptor);
                }
                return null;
            }
        }, ClassReader.SKIP_CODE | ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
        return new ClassInfo(reader.getClassName(), reader.getSuperName(), List.of(reader.getInterfaces()),
                reader.getAccess(), Set.copyOf(methods), Set.copyOf(fields),
                Set.copyOf(finalFields));
    }
}
