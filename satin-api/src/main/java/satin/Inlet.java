package satin;

/**
 * An exception for returning a value through an inlet: it has no stack trace and no suppressed exceptions, so
 * throwing one costs about as much as allocating it. Extend it with the fields the inlet needs:
 * <pre>
 * class Found extends satin.Inlet {
 *     final int[] board;
 *     Found(int[] board) { this.board = board; }
 * }
 * </pre>
 * A spawned call that throws a {@code Found} runs the {@code catch (Found f)} block around it in the spawning
 * invocation (see {@link SatinObject#abort()} and docs/programming-model.md, "Inlets").
 *
 * <p>As in the original Satin, it extends {@link Throwable}, not {@link Exception}: a {@code catch (Exception e)}
 * does not catch an inlet, and a method that throws one declares it (or {@code Throwable}) in its {@code throws}
 * clause. A program that relies on either keeps its meaning.
 */
public class Inlet extends Throwable {

    private static final long serialVersionUID = 1L;

    public Inlet() {
        super(null, null, false, false);
    }

    public Inlet(String message) {
        super(message, null, false, false);
    }
}
