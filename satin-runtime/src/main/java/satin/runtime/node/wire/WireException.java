package satin.runtime.node.wire;

import java.io.IOException;

/** A message that cannot be read: what was wrong with it, in one line. */
public final class WireException extends IOException {
    private static final long serialVersionUID = 1L;

    public WireException(String message) {
        super(message);
    }

    public WireException(String message, Throwable cause) {
        super(message, cause);
    }
}
