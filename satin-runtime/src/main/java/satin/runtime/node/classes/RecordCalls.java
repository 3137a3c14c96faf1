package satin.runtime.node.classes;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Method;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.List;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import satin.contract.ContractNames;

/**
 * The generic types a generated record's call works with. A record's fields have erased types ({@code List} for a
 * {@code List<Shape>} parameter), so the closure would miss {@code Shape}; the spawnable method itself keeps the
 * generic signature. The method is found by reading the record's {@code execute()} with ASM (the one call in it)
 * and looking it up by name and descriptor on the called type.
 */
public final class RecordCalls {

    private RecordCalls() {
    }

    /** The generic parameter and return types of the method {@code record} calls; empty when it cannot be told. */
    static List<Type> genericTypes(Class<?> record, ClassLoader loader) {
        String[] call = calledMethod(record, loader);
        if (call == null) {
            return List.of();
        }
        Class<?> owner;
        try {
            owner = Class.forName(call[0].replace('/', '.'), false, loader);
        } catch (ClassNotFoundException | LinkageError e) {
            return List.of();
        }
        try {
            Method method = find(owner, call[1], call[2]);
            if (method == null) {
                return List.of();
            }
            List<Type> types = new ArrayList<>(List.of(method.getGenericParameterTypes()));
            types.add(method.getGenericReturnType());
            return types;
        } catch (LinkageError | RuntimeException e) {
            return List.of(); // a signature naming a class that is not there: the erased field types still count
        }
    }

    /** {owner, name, descriptor} of the call in the record's execute(), or null. */
    public static String[] calledMethod(Class<?> record, ClassLoader loader) {
        String resource = record.getName().replace('.', '/') + ".class";
        ClassLoader l = record.getClassLoader() != null ? record.getClassLoader() : loader;
        try (InputStream in = l.getResourceAsStream(resource)) {
            if (in == null) {
                return null;
            }
            String[][] found = new String[1][];
            new ClassReader(in).accept(new ClassVisitor(Opcodes.ASM9) {
                @Override
                public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
                        String[] exceptions) {
                    if (!name.equals(ContractNames.EXECUTE) || !descriptor.equals(ContractNames.EXECUTE_DESCRIPTOR)) {
                        return null;
                    }
                    return new MethodVisitor(Opcodes.ASM9) {
                        @Override
                        public void visitMethodInsn(int opcode, String owner, String method, String desc,
                                boolean isInterface) {
                            if (found[0] == null) {
                                found[0] = new String[] {owner, method, desc};
                            }
                        }
                    };
                }
            }, ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
            return found[0];
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** The method with this name and descriptor declared by {@code owner} or one of its supertypes, or null. */
    private static Method find(Class<?> owner, String name, String descriptor) {
        try {
            return satin.contract.SharedMethods.find(owner, name + descriptor);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
