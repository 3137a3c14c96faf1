package satin.runtime.launch;

/** A setting of a runtime started from {@code main} has a value that cannot be used; the message says which and why. */
public final class BadSettingException extends IllegalArgumentException {

    public BadSettingException(String message) {
        super(message);
    }
}
