package satin.apps.common;

/** An application argument that cannot be used; the message names the argument and the usage. */
public final class BadArgumentException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    public BadArgumentException(String message) {
        super(message);
    }
}
