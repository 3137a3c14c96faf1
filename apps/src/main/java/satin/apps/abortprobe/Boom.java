package satin.apps.abortprobe;

/**
 * An ordinary checked exception (not a {@code satin.Inlet}): across nodes it travels as class name and message and is
 * rebuilt through its {@code (String)} constructor, so the message carries what the catcher checks.
 */
public final class Boom extends Exception {
    private static final long serialVersionUID = 1L;

    public Boom(String message) {
        super(message);
    }
}
