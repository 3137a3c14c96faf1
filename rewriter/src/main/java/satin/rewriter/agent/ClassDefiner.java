package satin.rewriter.agent;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.security.ProtectionDomain;

/** Defines extra classes in a given class loader (java.lang must be open to this module). */
final class ClassDefiner {

    private final Method defineClass;

    ClassDefiner() {
        try {
            defineClass = ClassLoader.class.getDeclaredMethod("defineClass", String.class, byte[].class, int.class,
                    int.class, ProtectionDomain.class);
            defineClass.setAccessible(true);
        } catch (NoSuchMethodException e) {
            throw new IllegalStateException("ClassLoader.defineClass not found", e);
        }
    }

    void define(ClassLoader loader, String internalName, byte[] bytes, ProtectionDomain domain) {
        try {
            defineClass.invoke(loader, internalName.replace('/', '.'), bytes, 0, bytes.length, domain);
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof LinkageError) {
                return; // already defined (the host class was loaded again by a child-first loader, say)
            }
            throw new IllegalStateException("cannot define " + internalName, e.getCause());
        } catch (IllegalAccessException e) {
            throw new IllegalStateException("cannot define " + internalName, e);
        }
    }
}
