package satin;

/**
 * Marker for spawnable methods: every method declared in an interface that extends {@code Spawnable} is
 * spawnable. A call of such a method, on an object whose class extends {@link SatinObject}, may run in
 * parallel with its caller once the class files are rewritten; its result is defined only after the
 * caller's next {@link SatinObject#sync()}. It extends {@link java.io.Serializable}, as in the original Satin: the
 * object a spawnable method is called on travels with the job when another node steals it.
 */
public interface Spawnable extends java.io.Serializable {
}
