package satin.runtime.node.steal;

import java.io.IOException;
import java.util.function.Consumer;
import java.util.function.LongConsumer;
import satin.runtime.node.wire.Codec;
import satin.runtime.node.wire.Message;

/**
 * How stealing sends to a peer. With fault tolerance ({@link Losses} present), a peer that is gone (dead, or its link
 * broke: then it is treated as dead from here on) makes a send return false instead of failing the run; without, a
 * failed send throws. A send only queues the message (the node's outboxes: one writer per peer), so no caller waits
 * for another node.
 */
public final class Link {

    /** The node's outboxes: queues {@code message} for {@code peer}. */
    @FunctionalInterface
    public interface Transport {
        /**
         * @param onUnwritten told when a reply's job could not be written (or null)
         * @param written     told the message's size once written (or null)
         */
        void send(int peer, Message message, Consumer<Codec.Unwritten> onUnwritten, LongConsumer written)
                throws IOException;
    }

    private final Transport transport;
    private final Losses losses;

    /** @param losses crash recovery, or null in a run that does not survive crashes */
    public Link(Transport transport, Losses losses) {
        this.transport = transport;
        this.losses = losses;
    }

    /** Whether the run survives crashes (then {@link #losses()} is not null). */
    public boolean survives() {
        return losses != null;
    }

    /** Crash recovery, or null. */
    public Losses losses() {
        return losses;
    }

    /** Whether {@code node} is known dead (never without fault tolerance). */
    public boolean isDead(int node) {
        return losses != null && losses.isDead(node);
    }

    /** Sends {@code message}; false when {@code peer} is gone. */
    public boolean send(int peer, Message message) throws IOException {
        return send(peer, message, null, null);
    }

    /** As {@link #send(int, Message)}; {@code onUnwritten} and {@code written} as in {@link Transport#send}. */
    public boolean send(int peer, Message message, Consumer<Codec.Unwritten> onUnwritten, LongConsumer written)
            throws IOException {
        if (losses == null) {
            transport.send(peer, message, onUnwritten, written);
            return true;
        }
        if (losses.isDead(peer)) {
            return false;
        }
        try {
            transport.send(peer, message, onUnwritten, written);
            return true;
        } catch (IOException e) {
            losses.linkBroken(peer, e);
            return false;
        }
    }
}
