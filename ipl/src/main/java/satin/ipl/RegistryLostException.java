package satin.ipl;

/** The connection to the registry server is gone (closed or silent beyond the heartbeat timeout). */
public class RegistryLostException extends IplException {
    public RegistryLostException(String message, Throwable cause) {
        super(message, cause);
    }
}
