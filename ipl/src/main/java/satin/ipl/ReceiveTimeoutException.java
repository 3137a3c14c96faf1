package satin.ipl;

/** No message arrived within the timeout of {@link ReceivePort#receive(long)}. */
public class ReceiveTimeoutException extends IplException {
    public ReceiveTimeoutException(String message) {
        super(message);
    }
}
