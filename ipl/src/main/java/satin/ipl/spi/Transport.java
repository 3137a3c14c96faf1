package satin.ipl.spi;

import java.io.IOException;
import java.net.ConnectException;

import satin.ipl.NodeIdentifier;
import satin.ipl.Reachability;

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

    /**
     * Whether {@code peer} answers at its address within the timeout ({@link satin.ipl.Node#probe}). This default asks
     * for a link: one made (or open) is {@link Reachability#ANSWERS}; a failure caused by a refused connection (a
     * {@link ConnectException} in its causes, which a transport must keep there) is {@link Reachability#REFUSES};
     * anything else {@link Reachability#SILENT}. A transport without connections to refuse (udp) thus never says
     * REFUSES.
     */
    default Reachability probe(NodeIdentifier peer, long timeoutMillis) {
        try {
            link(peer, timeoutMillis);
            return Reachability.ANSWERS;
        } catch (IOException e) {
            for (Throwable t = e; t != null; t = t.getCause()) {
                if (t instanceof ConnectException) {
                    return Reachability.REFUSES;
                }
            }
            return Reachability.SILENT;
        }
    }

    /** Largest packet payload the core may hand to {@link PeerLink#send}; larger messages are fragmented. */
    int maxPayload();

    @Override
    void close();
}
