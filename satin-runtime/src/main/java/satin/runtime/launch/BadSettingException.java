package satin.runtime.launch;

/**
 * A setting of a runtime started from {@code main} has a value that cannot be used; the message says which and why.
 * It carries no stack trace: it is the user's mistake, not the program's, and it reaches the JVM's handler of
 * uncaught exceptions through the program's {@code main} (a library does not end the JVM), which then prints one line,
 * the message, instead of a trace through the runtime's and the rewriter's frames.
 */
public final class BadSettingException extends IllegalArgumentException {

    public BadSettingException(String message) {
        super(message);
    }

    @Override
    public synchronized Throwable fillInStackTrace() {
        return this; // see the class comment
    }
}
