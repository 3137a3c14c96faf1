package satin.ipl.core;

import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;

import com.esotericsoftware.kryo.KryoException;

import org.objenesis.instantiator.ObjectInstantiator;
import org.objenesis.strategy.InstantiatorStrategy;
import org.objenesis.strategy.StdInstantiatorStrategy;

/**
 * How Kryo makes the objects it reads: the class's own no-argument constructor through reflection when it has one
 * that may be made accessible, otherwise an instance made without running any constructor of the class (Objenesis,
 * as Java serialization does).
 *
 * <p>Why not Kryo's default: it first tries a ReflectASM accessor, a class generated at run time in the same
 * package name but defined by another class loader. Such a class is not in the same run-time package as the class
 * it constructs, so a constructor that is not public, or a class that is not public (every class of a program
 * in the unnamed package, every package-private class) ends in {@code IllegalAccessError: failed to access class
 * Test from class TestConstructorAccess} on the reader, after the writer had succeeded. Reflection has no such
 * limit for the program's classes: the unnamed module, and every package a program opens, may be reflected on
 * without flags. A JDK class whose constructor is not open to reflection gets the constructor-less instance.
 *
 * <p>Thread safety: stateless apart from the fallback strategy, which is itself thread-safe.
 */
final class ProgramInstantiators implements InstantiatorStrategy {

    private final InstantiatorStrategy withoutConstructor = new StdInstantiatorStrategy();

    @Override
    public <T> ObjectInstantiator<T> newInstantiatorOf(Class<T> type) {
        Constructor<T> constructor = accessibleNoArgConstructor(type);
        if (constructor == null) {
            return withoutConstructor.newInstantiatorOf(type);
        }
        return () -> {
            try {
                return constructor.newInstance();
            } catch (InvocationTargetException e) {
                throw new KryoException("the no-argument constructor of " + type.getName() + " threw "
                        + e.getCause(), e.getCause());
            } catch (ReflectiveOperationException e) {
                throw new KryoException("cannot construct a " + type.getName() + ": " + e, e);
            }
        };
    }

    /** The class's no-argument constructor made accessible, or null when it has none or it may not be. */
    private static <T> Constructor<T> accessibleNoArgConstructor(Class<T> type) {
        if (type.isInterface() || java.lang.reflect.Modifier.isAbstract(type.getModifiers())
                || (type.isMemberClass() && !java.lang.reflect.Modifier.isStatic(type.getModifiers()))) {
            return null; // an inner class's constructors all take the outer instance
        }
        try {
            Constructor<T> c = type.getDeclaredConstructor();
            c.setAccessible(true);
            return c;
        } catch (NoSuchMethodException | RuntimeException e) {
            // RuntimeException: InaccessibleObjectException (a module that does not open the package) or
            // SecurityException; the instance is then made without a constructor
            return null;
        }
    }
}
