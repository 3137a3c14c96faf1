package satin.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import org.junit.jupiter.api.Test;
import satin.SatinObject;
import satin.Spawnable;

/**
 * Every name and descriptor in {@link ContractNames} against the real class, method or annotation: what the
 * rewriter emits must link against what this module ships.
 */
class ContractNamesTest {

    private static String internalName(Class<?> c) {
        return c.getName().replace('.', '/');
    }

    private static String descriptor(Class<?> c) {
        if (c == void.class) {
            return "V";
        }
        if (c.isPrimitive()) {
            return switch (c.getName()) {
                case "boolean" -> "Z";
                case "long" -> "J";
                default -> String.valueOf(Character.toUpperCase(c.getName().charAt(0)));
            };
        }
        return c.isArray() ? c.getName().replace('.', '/') : "L" + internalName(c) + ";";
    }

    private static String descriptor(Method m) {
        StringBuilder b = new StringBuilder("(");
        for (Class<?> p : m.getParameterTypes()) {
            b.append(descriptor(p));
        }
        return b.append(')').append(descriptor(m.getReturnType())).toString();
    }

    /** The one declared method of {@code owner} with this name and descriptor, checked for the modifiers. */
    private static Method method(Class<?> owner, String name, String desc, int requiredModifiers) {
        for (Method m : owner.getDeclaredMethods()) {
            if (m.getName().equals(name) && descriptor(m).equals(desc)) {
                assertEquals(requiredModifiers, m.getModifiers() & requiredModifiers,
                        owner.getSimpleName() + "." + name + desc + " modifiers " + Modifier.toString(m.getModifiers()));
                return m;
            }
        }
        throw new AssertionError("no method " + name + desc + " in " + owner.getName());
    }

    @Test
    void classNamesNameTheRealClasses() {
        assertEquals(internalName(Spawnable.class), ContractNames.SPAWNABLE);
        assertEquals(internalName(SatinObject.class), ContractNames.SATIN_OBJECT);
        assertEquals(internalName(Spawns.class), ContractNames.SPAWNS);
        assertEquals(internalName(InvocationRecord.class), ContractNames.INVOCATION_RECORD);
        assertEquals(descriptor(InvocationRecord.class), ContractNames.INVOCATION_RECORD_DESCRIPTOR);
        assertEquals(internalName(Rewritten.class), ContractNames.REWRITTEN);
        assertEquals(descriptor(Rewritten.class), ContractNames.REWRITTEN_DESCRIPTOR);
        assertEquals(internalName(satin.SatinMain.class), ContractNames.SATIN_MAIN);
        assertEquals(descriptor(satin.SatinMain.class), ContractNames.SATIN_MAIN_DESCRIPTOR);
        assertEquals(internalName(MainEntry.class), ContractNames.MAIN_ENTRY);
        assertEquals(internalName(satin.WriteMethodsInterface.class), ContractNames.WRITE_METHODS_INTERFACE);
        assertEquals(internalName(satin.SharedObject.class), ContractNames.SHARED_OBJECT);
        assertEquals(internalName(SharedWrites.class), ContractNames.SHARED_WRITES);
    }

    @Test
    void theLoopEntryPointsLinkAgainstTheRealClasses() {
        assertEquals(internalName(LoopRange.class), ContractNames.LOOP_RANGE);
        assertEquals(descriptor(LoopRange.class), ContractNames.LOOP_RANGE_DESCRIPTOR);
        int publicStatic = Modifier.PUBLIC | Modifier.STATIC;
        method(Spawns.class, ContractNames.LOOP_ENTER, ContractNames.LOOP_ENTER_DESCRIPTOR, publicStatic);
        method(Spawns.class, ContractNames.LOOP_EXIT, ContractNames.LOOP_EXIT_DESCRIPTOR, publicStatic);
        method(LoopRange.class, ContractNames.LOOP_NEXT, ContractNames.LOOP_NEXT_DESCRIPTOR,
                Modifier.PUBLIC | Modifier.FINAL);
        method(LoopRange.class, ContractNames.LOOP_ITERATE, ContractNames.LOOP_ITERATE_DESCRIPTOR,
                Modifier.PROTECTED | Modifier.ABSTRACT);
    }

    @Test
    void theEntryPointsAreStaticMethodsWithTheseDescriptors() {
        int publicStatic = Modifier.PUBLIC | Modifier.STATIC;
        method(Spawns.class, ContractNames.INLINE, ContractNames.INLINE_DESCRIPTOR, publicStatic);
        method(Spawns.class, ContractNames.SPAWN, ContractNames.SPAWN_DESCRIPTOR, publicStatic);
        method(Spawns.class, ContractNames.FAILED, ContractNames.FAILED_DESCRIPTOR, publicStatic);
        method(Spawns.class, ContractNames.SPAWNS_SYNC, ContractNames.SPAWNS_SYNC_DESCRIPTOR, publicStatic);
        method(Spawns.class, ContractNames.ABANDON, ContractNames.ABANDON_DESCRIPTOR, publicStatic);
        method(SatinObject.class, ContractNames.SYNC, ContractNames.SYNC_DESCRIPTOR, Modifier.PUBLIC);
        method(SatinObject.class, ContractNames.ABORT, ContractNames.ABORT_DESCRIPTOR, Modifier.PUBLIC);
        method(Spawns.class, ContractNames.SPAWN_INLET, ContractNames.SPAWN_INLET_DESCRIPTOR, publicStatic);
        method(Spawns.class, ContractNames.FAILED_INLET, ContractNames.FAILED_INLET_DESCRIPTOR, publicStatic);
        method(Spawns.class, ContractNames.INLET_POLL, ContractNames.INLET_POLL_DESCRIPTOR, publicStatic);
        method(Spawns.class, ContractNames.INLET_GROUP, ContractNames.INLET_GROUP_DESCRIPTOR, publicStatic);
        method(Spawns.class, ContractNames.INLET_FAILURE, ContractNames.INLET_FAILURE_DESCRIPTOR, publicStatic);
        method(Spawns.class, ContractNames.UNCAUGHT, ContractNames.UNCAUGHT_DESCRIPTOR, publicStatic);
        method(Spawns.class, ContractNames.HAS_RESULT, ContractNames.HAS_RESULT_DESCRIPTOR, publicStatic);
        method(Spawns.class, ContractNames.SPAWNS_ABORT, ContractNames.SPAWNS_ABORT_DESCRIPTOR, publicStatic);
        method(MainEntry.class, ContractNames.ENTER, ContractNames.ENTER_DESCRIPTOR, publicStatic);
        method(SharedWrites.class, ContractNames.SHARED_WRITE, ContractNames.SHARED_WRITE_DESCRIPTOR, publicStatic);
        method(SharedWrites.class, ContractNames.SHARED_EXPORT, ContractNames.SHARED_EXPORT_DESCRIPTOR, publicStatic);
        method(satin.SharedObject.class, ContractNames.EXPORT_OBJECT, ContractNames.EXPORT_OBJECT_DESCRIPTOR,
                Modifier.PUBLIC);
    }

    @Test
    void theMainMarkIsAClassFileAnnotation() {
        assertEquals(RetentionPolicy.CLASS, satin.SatinMain.class.getAnnotation(Retention.class).value());
    }

    @Test
    void aGeneratedRecordOverridesTheseMethods() {
        Method execute = method(InvocationRecord.class, ContractNames.EXECUTE, ContractNames.EXECUTE_DESCRIPTOR,
                Modifier.PROTECTED | Modifier.ABSTRACT);
        assertEquals(1, execute.getExceptionTypes().length);
        assertEquals(Throwable.class, execute.getExceptionTypes()[0], "execute() may throw anything");
        method(InvocationRecord.class, ContractNames.DELIVER, ContractNames.DELIVER_DESCRIPTOR, Modifier.PROTECTED);
        method(InvocationRecord.class, ContractNames.BOXED_RESULT, ContractNames.BOXED_RESULT_GET_DESCRIPTOR,
                Modifier.PUBLIC | Modifier.ABSTRACT);
        method(InvocationRecord.class, ContractNames.BOXED_RESULT, ContractNames.BOXED_RESULT_SET_DESCRIPTOR,
                Modifier.PUBLIC | Modifier.ABSTRACT);
    }

    @Test
    void theMarkIsAClassFileAnnotationWithTheVersion() throws Exception {
        Retention retention = Rewritten.class.getAnnotation(Retention.class);
        assertEquals(RetentionPolicy.CLASS, retention.value(), "invisible to reflection, present in class files");
        Method value = Rewritten.class.getDeclaredMethod(ContractNames.REWRITTEN_VERSION);
        assertEquals(int.class, value.getReturnType());
        assertEquals(1, ContractNames.VERSION);
        Method format = Rewritten.class.getDeclaredMethod(ContractNames.REWRITTEN_FORMAT);
        assertEquals(int.class, format.getReturnType());
        assertEquals(0, format.getDefaultValue(), "classes marked before formats were recorded have format 0");
    }

    @Test
    void noRuntimeFieldOfARecordIsNamedLikeTheResult() {
        for (var f : InvocationRecord.class.getDeclaredFields()) {
            assertTrue(!f.getName().equals(ContractNames.RESULT_FIELD), "a generated record declares the result");
            assertTrue(Modifier.isStatic(f.getModifiers()) || Modifier.isTransient(f.getModifiers()),
                    "bookkeeping field " + f.getName() + " never travels with a stolen job");
        }
    }
}
