package satin.ipl;

/**
 * An upcall that handles the messages it marks as express at once, on the transport's own thread (the one that read
 * the message, as a {@link DirectUpcall} does), and all others on the port's thread like a plain
 * {@link MessageUpcall}. A message is marked by its first byte, which the application wrote first (a tag):
 * {@link #express(byte)} is asked on the transport's thread as soon as the message is complete, before it would be
 * queued. An empty message is never express.
 *
 * <p>What the split costs in ordering: an express message overtakes every message of the port still queued for the
 * port's thread, those from its own sender included, and its upcall may run while the port's thread runs another
 * upcall of the port. Express upcalls of one port run one at a time (never two at once), in arrival order per
 * connection. So mark only messages whose handler does not depend on the messages sent before them, or orders itself
 * against those (for instance under a lock that both handlers take). What it gains: no thread hand-off between the
 * transport and the handler, which on a machine whose processors are all busy can cost a scheduler's time slice.
 *
 * <p>Like a {@link DirectUpcall}, an express upcall must not block: while it runs nothing else arrives on its
 * connection (and possibly on others served by the same thread). Sends from it never wait for flow-control credit.
 *
 * <pre>{@code
 * node.createReceivePort(type, "inbox", new ExpressUpcall() {
 *     public boolean express(byte tag) { return tag == CANCEL; } // sets a flag: short, never waits
 *     public void upcall(ReadMessage m) throws IOException { handle(m); }
 * });
 * }</pre>
 */
public interface ExpressUpcall extends MessageUpcall {

    /**
     * Whether the message that starts with {@code lead} is handled at once on the transport's thread. Called on that
     * thread for every non-empty message of the port; must be quick and must not throw.
     */
    boolean express(byte lead);
}
