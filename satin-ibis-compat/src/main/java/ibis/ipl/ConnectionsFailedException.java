package ibis.ipl;

import java.util.ArrayList;
import java.util.List;

/** Connecting to several receive ports failed for some of them; lists each failure and the connections made. */
public class ConnectionsFailedException extends IbisIOException {
    private static final long serialVersionUID = 1L;
    private final List<ConnectionFailedException> failures = new ArrayList<>();
    private ReceivePortIdentifier[] obtained = new ReceivePortIdentifier[0];

    public ConnectionsFailedException() {
        super();
    }

    public ConnectionsFailedException(String message) {
        super(message);
    }

    /** Adds one failed attempt. */
    public void add(ConnectionFailedException failure) {
        failures.add(failure);
        if (getCause() == null) {
            initCause(failure);
        }
    }

    public void setObtainedConnections(ReceivePortIdentifier[] receivePortIdentifiers) {
        obtained = receivePortIdentifiers.clone();
    }

    /** The connections that were made. */
    public ReceivePortIdentifier[] getObtainedConnections() {
        return obtained.clone();
    }

    /** One exception per failed attempt. */
    public ConnectionFailedException[] getFailures() {
        return failures.toArray(new ConnectionFailedException[0]);
    }

    @Override
    public String getMessage() {
        StringBuilder b = new StringBuilder(super.getMessage() == null ? "connections failed" : super.getMessage());
        for (ConnectionFailedException f : failures) {
            b.append("; ").append(f.receivePortName()).append('@').append(f.ibisIdentifier()).append(": ")
                    .append(f.getMessage());
        }
        return b.toString();
    }
}
