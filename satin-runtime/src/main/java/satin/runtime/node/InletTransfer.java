package satin.runtime.node;

import java.io.IOException;

/**
 * An inlet exception ({@code satin.Inlet}) thrown by a stolen job travels to its owner as an object, since the
 * owner's catch block reads its fields (a board, a vote): Java serialization behind {@link JavaValues}' filter. Other
 * exceptions travel as class name and message ({@link RemoteFailure}).
 */
final class InletTransfer {

    private InletTransfer() {
    }

    static byte[] write(Throwable inlet) throws IOException {
        return JavaValues.write(inlet);
    }

    static Throwable read(byte[] bytes, ClassLoader loader, int from, String message, String trace)
            throws IOException {
        Object o = JavaValues.read(bytes, loader, "the inlet exception (" + message + ") node " + from + " sent, "
                + "thrown at\n" + trace + "\n");
        if (!(o instanceof Throwable t)) {
            throw new IOException("node " + from + " sent an inlet exception that is not a Throwable: " + o);
        }
        return t;
    }
}
