package satin.ipl.spi;

import java.io.IOException;

import satin.ipl.NodeIdentifier;

/**
 * Moves packets between nodes. Life cycle: created (bound, {@link #address()} known) → the node joins the
 * registry and gets its identifier → {@link #open(NodeIdentifier)} → {@link #link} calls → {@link #close()}.
 */
public interface Transport extends AutoCloseable {
    /** Contact information other nodes pass to {@link #link} (via {@link NodeIdentifier#address()}). */
    byte[] address();

    /** This node's identity, known after joining; links opened before this are refused. */
    void open(NodeIdentifier self) throws IOException;

    /**
     * The link to a peer, established within the timeout if there is none yet. There is normally one link
     * per pair of nodes, carrying all their ports; packets a peer sends arrive on the handler with the link
     * they came over.
     */
    PeerLink link(NodeIdentifier peer, long timeoutMillis) throws IOException;

    /** Largest packet payload the core may hand to {@link PeerLink#send}; larger messages are fragmented. */
    int maxPayload();

    @Override
    void close();
}
