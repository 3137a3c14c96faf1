package satin.ipl;

import java.io.IOException;

/**
 * This process's membership of a pool (Ibis calls it "an Ibis instance"). Several nodes may live in one
 * JVM; each has its own configuration, ports and registry connection. Closing a node leaves the pool.
 */
public interface Node extends AutoCloseable {
    NodeIdentifier identifier();

    /** Name of the implementation that was chosen (tcp, udp, local, ...). */
    String implementationName();

    IplConfig config();

    Registry registry();

    /** A send port of one of the port types declared at creation; names are unique per node. */
    SendPort createSendPort(PortType type, String name) throws IOException;

    /** An explicit-receipt receive port (its type needs EXPLICIT_RECEIPT). */
    default ReceivePort createReceivePort(PortType type, String name) throws IOException {
        return createReceivePort(type, name, null);
    }

    /** A receive port; with a non-null upcall (type needs UPCALLS) every message goes to it. */
    ReceivePort createReceivePort(PortType type, String name, MessageUpcall upcall) throws IOException;

    /**
     * A receive port whose connections {@code connections} admits and hears about (null: every connection that
     * passes the type and pattern checks is accepted, as with the three-argument form).
     */
    ReceivePort createReceivePort(PortType type, String name, MessageUpcall upcall, ConnectionUpcall connections)
            throws IOException;

    /**
     * Asks whether {@code peer} is still there: tries to reach its address (reusing the link to it if one is open),
     * within {@code timeoutMillis}. Blocks the caller up to that time, so never call it on an I/O or upcall thread.
     * Made for a member that lost its registry and must tell a peer whose link closed because its process died
     * ({@link Reachability#REFUSES}) from one that is only unreachable.
     */
    Reachability probe(NodeIdentifier peer, long timeoutMillis);

    /** Counters of messages and bytes sent, split into intra- and inter-cluster traffic. */
    CommunicationStatistics statistics();

    /** Leaves the pool and closes all ports and connections. */
    @Override
    void close() throws IOException;
}
