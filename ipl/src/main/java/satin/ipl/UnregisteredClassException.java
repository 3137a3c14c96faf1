package satin.ipl;

/**
 * An object of a class that is not in the pool's Kryo registration list was written, or a message named a
 * class id that is not registered. Nothing unregistered is ever instantiated from the wire.
 */
public class UnregisteredClassException extends IplException {
    public UnregisteredClassException(String message, Throwable cause) {
        super(message, cause);
    }
}
