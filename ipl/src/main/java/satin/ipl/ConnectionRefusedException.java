package satin.ipl;

/** A receive port refused a connection (no such port, wrong type, already connected, node gone). */
public class ConnectionRefusedException extends IplException {
    public ConnectionRefusedException(String message) {
        super(message);
    }
}
