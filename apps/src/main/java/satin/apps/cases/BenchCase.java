package satin.apps.cases;

import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.function.BiPredicate;

/**
 * One application at one problem size, inputs already prepared: its sequential version, its Satin version
 * and how to tell whether two results are the same answer.
 */
public record BenchCase(String name, String size, Callable<?> sequential, Callable<?> satin,
        BiPredicate<Object, Object> sameAnswer) {

    /** A case whose results are compared with {@link Objects#deepEquals} (bit for bit for arrays of doubles). */
    public static BenchCase of(String name, String size, Callable<?> sequential, Callable<?> satin) {
        return new BenchCase(name, size, sequential, satin, Objects::deepEquals);
    }
}
