package satin.impl;

/**
 * The one internal class of the original Satin that programs use: {@code Satin.getSatin()}, tested against
 * {@code null} to ask whether a Satin runtime runs the program (after the port, {@code ibis.satin.impl.Satin} is
 * {@code satin.impl.Satin}). It has no other methods: programs need nothing else of it.
 */
public final class Satin {

    /** The one instance: immutable, it stands for "a runtime runs the calling thread". */
    private static final Satin RUNNING = new Satin();

    private Satin() {
    }

    /**
     * Not null when a Satin runtime runs the calling thread (its {@code main} and every job run on the runtime's
     * workers); null otherwise: the sequential program (started without a runtime, with {@code satin.bootstrap=off},
     * or unrewritten) and threads the program started itself.
     */
    public static Satin getSatin() {
        return Thread.currentThread() instanceof satin.RuntimeThread ? RUNNING : null;
    }
}
