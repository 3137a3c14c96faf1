package satin.ipl;

import java.io.IOException;

/** Any failure of the IPL: a communication error, a refused connection, a lost registry. */
public class IplException extends IOException {
    public IplException(String message) {
        super(message);
    }

    public IplException(String message, Throwable cause) {
        super(message, cause);
    }
}
