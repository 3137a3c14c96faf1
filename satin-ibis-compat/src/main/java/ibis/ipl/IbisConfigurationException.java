package ibis.ipl;

/**
 * A call that the instance or port was not set up for: a capability that was not asked for, a port type that was not
 * declared, a downcall on an instance with an event handler.
 */
public class IbisConfigurationException extends IbisRuntimeException {
    private static final long serialVersionUID = 1L;

    public IbisConfigurationException() {
        super();
    }

    public IbisConfigurationException(String message) {
        super(message);
    }

    public IbisConfigurationException(String message, Throwable cause) {
        super(message, cause);
    }

    public IbisConfigurationException(Throwable cause) {
        super(cause);
    }
}
