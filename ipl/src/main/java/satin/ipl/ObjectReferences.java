package satin.ipl;

/**
 * Objects that travel as references instead of copies: every object of {@link #type()} (or a subclass) that an
 * object-level message carries, wherever it sits in the graph written (a field, an array element, a collection), is
 * written as the {@link Reference} {@link #write} gives, and read back as the object {@link #read} gives for it on
 * the reading node. The application decides what a reference means (the Satin runtime: a shared object, resolved to
 * the reading node's replica of it). Given to {@link satin.ipl.start.Ipl.NodeBuilder#objectReferences}; every node of
 * a pool must be given the same type, as both ends of a message must agree on how such an object is encoded.
 *
 * <p>Both methods run on the thread that writes or reads the message (a reader runs on an upcall thread, so
 * {@link #read} must not wait for the application). Whatever they throw fails that one {@code writeObject} (an
 * {@link java.io.IOException} whose cause chain holds the exception; nothing of the object was written) or that
 * {@code readObject}.
 */
public interface ObjectReferences {

    /**
     * What stands for an object on the wire: a number, and bytes the reader may need to resolve it (null: none; the
     * reader's message limits apply to them).
     */
    record Reference(long id, byte[] attachment) {
    }

    /** The class whose instances, its subclasses' included, travel as references. */
    Class<?> type();

    /** The reference that stands for {@code object} on the wire. */
    Reference write(Object object);

    /** The object {@code reference} stands for on this node; it must be an instance of {@code type}. */
    Object read(Reference reference, Class<?> type);
}
