package ibis.ipl;

/** A checked failure of Ibis that is not an I/O error (creating an instance, a property). */
public class IbisException extends Exception {
    private static final long serialVersionUID = 1L;

    public IbisException() {
        super();
    }

    public IbisException(String message) {
        super(message);
    }

    public IbisException(String message, Throwable cause) {
        super(message, cause);
    }

    public IbisException(Throwable cause) {
        super(cause);
    }
}
