package satin;

/**
 * Marker for spawnable methods: every method declared in an interface that extends {@code Spawnable} is
 * spawnable. A call of such a method, on an object whose class extends {@link SatinObject}, may run in
 * parallel with its caller once the class files are rewritten; its result is defined only after the
 * caller's next {@link SatinObject#sync()}.
 */
public interface Spawnable {
}
