package ibis.ipl;

/** A management property that the instance or port does not have. */
public class NoSuchPropertyException extends IbisException {
    private static final long serialVersionUID = 1L;

    public NoSuchPropertyException(String message) {
        super(message);
    }
}
