package satin;

/**
 * Marks the write methods of a {@link SharedObject}: every method declared in an interface that extends this one,
 * implemented by a subclass of {@code SharedObject}, is a write method. The rewriter turns each call of one into a
 * write that every replica applies, in the same order on every node ({@link SharedObject} says what is guaranteed).
 * A write method should change only its own object's state, from its arguments and that state (it runs on every
 * node, so it must compute the same there); arguments and the result are copied between nodes (Java
 * serialization).
 */
public interface WriteMethodsInterface {
}
