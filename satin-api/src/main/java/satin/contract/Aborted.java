package satin.contract;

/**
 * What an aborted job throws at its next spawn or sync to unwind: an {@link Error}, so that the {@code catch
 * (Exception e)} blocks of user code let it pass, without a stack trace or suppressed exceptions (one shared
 * instance). A record that ends with it is treated as aborted: never delivered, never given to an inlet.
 */
public final class Aborted extends Error {

    private static final long serialVersionUID = 1L;

    /** The one instance: it carries no state. */
    public static final Aborted INSTANCE = new Aborted();

    private Aborted() {
        super("job aborted", null, false, false);
    }
}
