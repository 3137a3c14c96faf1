package satin.rewriter.hierarchy;

import java.util.List;
import java.util.Set;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/** What the rewriter needs to know about one type: its supertypes and the instance methods it declares. */
public record ClassInfo(String name, String superName, List<String> interfaces, int access,
                        Set<String> instanceMethods) {

    public boolean isInterface() {
        return (access & Opcodes.ACC_INTERFACE) != 0;
    }

    public boolean declares(String methodName, String descriptor) {
        return instanceMethods.contains(methodName + descriptor);
    }

    /** Reads the header and method signatures of a class file, skipping code. */
    public static ClassInfo read(byte[] classFile) {
        ClassReader reader = new ClassReader(classFile);
        Set<String> methods = new java.util.HashSet<>();
        reader.accept(new ClassVisitor(Opcodes.ASM9) {
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
                reader.getAccess(), Set.copyOf(methods));
    }
}
