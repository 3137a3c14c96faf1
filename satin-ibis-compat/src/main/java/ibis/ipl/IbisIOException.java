package ibis.ipl;

import java.io.IOException;

/** An I/O failure reported by Ibis: the base of the connection and receive exceptions. */
public class IbisIOException extends IOException {
    private static final long serialVersionUID = 1L;

    public IbisIOException() {
        super();
    }

    public IbisIOException(String message) {
        super(message);
    }

    public IbisIOException(String message, Throwable cause) {
        super(message, cause);
    }

    public IbisIOException(Throwable cause) {
        super(cause);
    }
}
