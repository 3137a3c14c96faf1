package satin.ipl.spi;

import satin.ipl.IplException;

/** A peer sent something the protocol does not allow; the connection it came over is closed. */
public class ProtocolException extends IplException {
    public ProtocolException(String message) {
        super(message);
    }
}
