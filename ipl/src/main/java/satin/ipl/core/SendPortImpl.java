package satin.ipl.core;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import com.esotericsoftware.kryo.io.Output;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;

import satin.ipl.ConnectionRefusedException;
import satin.ipl.IplException;
import satin.ipl.PortCapability;
import satin.ipl.PortType;
import satin.ipl.ReceivePortIdentifier;
import satin.ipl.SendPort;
import satin.ipl.SendPortIdentifier;
import satin.ipl.WriteMessage;
import satin.ipl.spi.PeerLink;

/**
 * A send port. {@code connect} opens a channel with a CONNECT/ACCEPT handshake over the link to the
 * target's node; a finished message is cut into fragments of at most the receiver's frame payload and
 * sent on every channel, each fragment paid for with the channel's credit (reliable ports only).
 * A message is written into pooled direct memory when every link writes from it
 * ({@link PeerLink#messageAllocator()}); each fragment is a retained slice of the message that its link
 * releases once written, so the message's bytes are copied once, by the application's writes.
 */
final class SendPortImpl implements SendPort {
    /** A scratch buffer grown beyond this by one large object is not kept for the next message. */
    private static final int SCRATCH_KEPT = 1 << 20;
    /** Largest message size whose buffer the next message starts with (Netty pools buffers up to 4 MiB). */
    private static final int HINT_LIMIT = 4 << 20;
    private static final int SMALL_START = 256;
    private final NodeImpl node;
    private final PortType type;
    private final SendPortIdentifier identifier;
    private final List<OutChannel> channels = new CopyOnWriteArrayList<>();
    /** Channels that broke since the last message, with the reason; reported by the next message. */
    private final Map<OutChannel, String> lost = new ConcurrentHashMap<>();
    private final Semaphore messageSlot = new Semaphore(1);
    private final boolean unreliable;
    /** Kryo writes objects here first (one message at a time per port, so one scratch buffer per port). */
    private Output objectScratch;
    private volatile MessageWriterImpl current;
    /**
     * The next message's buffer starts as large as the previous message, because messages of a port tend
     * to be alike and growing a buffer copies all of it. After a message above {@value #HINT_LIMIT} bytes
     * it starts small: starting at the limit would only add a copy of that many bytes.
     */
    private int sizeHint = SMALL_START;
    private volatile boolean closed;

    SendPortImpl(NodeImpl node, PortType type, String name) {
        this.node = node;
        this.type = type;
        this.identifier = new SendPortIdentifier(node.identifier(), name);
        this.unreliable = type.has(PortCapability.UNRELIABLE);
    }

    Serialization serialization() {
        return node.serialization();
    }

    @Override
    public SendPortIdentifier identifier() {
        return identifier;
    }

    @Override
    public PortType type() {
        return type;
    }

    @Override
    public synchronized void connect(ReceivePortIdentifier target, long timeoutMillis) throws IOException {
        if (closed) {
            throw new IplException("send port " + identifier + " is closed");
        }
        if (channels.stream().anyMatch(c -> c.target.equals(target))) {
            throw new ConnectionRefusedException("send port " + identifier + " is already connected to " + target);
        }
        if (!channels.isEmpty() && type.pattern() != PortCapability.ONE_TO_MANY) {
            throw new ConnectionRefusedException("send port " + identifier + " is " + type.pattern()
                    + " and already connected to " + channels.get(0).target);
        }
        long timeout = timeoutMillis > 0 ? timeoutMillis : node.connectTimeout();
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeout);
        PeerLink link = node.linkTo(target.node(), timeout);
        ChannelProtocol protocol = node.protocol();
        OutChannel channel = protocol.connect(link, target, this);
        try {
            long left = Math.max(1, deadline - System.nanoTime());
            channel.accepted.get(left, TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            protocol.close(channel, false);
            throw new ConnectionRefusedException("no answer from " + target + " within " + timeout + " ms");
        } catch (ExecutionException e) {
            protocol.close(channel, false);
            boolean mayRetry = e.getCause() instanceof ConnectionRefusedException r && r.mayRetry();
            throw new ConnectionRefusedException("cannot connect " + identifier + " to " + target + ": "
                    + e.getCause().getMessage(), mayRetry);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            protocol.close(channel, true);
            throw new IplException("interrupted while connecting to " + target, e);
        }
        lost.keySet().removeIf(c -> c.target.equals(target));
        channels.add(channel);
    }

    @Override
    public synchronized void disconnect(ReceivePortIdentifier target) throws IOException {
        for (OutChannel c : channels) {
            if (c.target.equals(target)) {
                channels.remove(c);
                node.protocol().close(c, true);
                return;
            }
        }
        if (lost.keySet().removeIf(c -> c.target.equals(target))) {
            return; // the connection had broken already; disconnecting it is no error
        }
        throw new IplException("send port " + identifier + " is not connected to " + target);
    }

    @Override
    public List<ReceivePortIdentifier> connectedTo() {
        return channels.stream().map(c -> c.target).toList();
    }

    @Override
    public WriteMessage newMessage() throws IOException {
        if (closed) {
            throw new IplException("send port " + identifier + " is closed");
        }
        try {
            messageSlot.acquire();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IplException("interrupted waiting for the previous message on " + identifier, e);
        }
        MessageWriterImpl writer = new MessageWriterImpl(this, messageBuffer());
        current = writer;
        if (closed) {
            writer.abandon();
            messageSlot.release();
            throw new IplException("send port " + identifier + " is closed");
        }
        return writer;
    }

    /**
     * Pooled direct memory if every connection's link writes from it ({@link PeerLink#messageAllocator()}),
     * else a heap buffer.
     */
    private ByteBuf messageBuffer() {
        ByteBufAllocator pooled = null;
        for (OutChannel c : channels) {
            pooled = c.link.messageAllocator();
            if (pooled == null) {
                break;
            }
        }
        return pooled == null ? Unpooled.buffer(sizeHint) : pooled.directBuffer(sizeHint);
    }

    Output objectScratch() {
        Output out = objectScratch;
        if (out == null || out.getBuffer().length > SCRATCH_KEPT) {
            out = new Output(4096, -1);
            objectScratch = out;
        }
        out.reset();
        return out;
    }

    boolean isOpen() {
        return !closed;
    }

    /**
     * Sends a finished message on every channel and frees its slot. Takes the message over: its buffer is
     * released here, once, whatever happens (each channel's fragments hold references of their own).
     */
    long send(ByteBuf message) throws IOException {
        int size = message.readableBytes();
        sizeHint = size > HINT_LIMIT ? SMALL_START : Math.max(SMALL_START, size);
        try {
            if (channels.isEmpty() && lost.isEmpty()) {
                throw new IplException("send port " + identifier + " is not connected");
            }
            List<String> failures = new ArrayList<>();
            for (OutChannel c : channels) {
                try {
                    c.send(message, unreliable);
                    node.counters().sent(c.sameCluster, size);
                } catch (IOException e) {
                    channels.remove(c);
                    lost.remove(c);
                    node.protocol().close(c, false);
                    failures.add(c.target + ": " + e.getMessage());
                }
            }
            if (!lost.isEmpty()) {
                for (OutChannel c : List.copyOf(lost.keySet())) {
                    String reason = lost.remove(c);
                    if (reason != null) {
                        failures.add(c.target + ": " + reason);
                    }
                }
            }
            if (!failures.isEmpty()) {
                throw new IplException("message from " + identifier + " not delivered to " + failures);
            }
            return size;
        } finally {
            message.release();
            current = null;
            messageSlot.release();
        }
    }

    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        MessageWriterImpl writer = current;
        if (writer != null) {
            writer.abandon();
        }
        for (OutChannel c : channels) {
            channels.remove(c);
            node.protocol().close(c, true);
        }
        lost.clear();
        node.removeSendPort(this);
    }

    /**
     * A channel broke without this port closing it (the receive port closed, the link ended, the peer
     * died): it leaves {@link #connectedTo()} at once, so the target can be connected again, and the next
     * message reports the reason as not delivered to that target. Runs on a transport thread, so it never
     * takes the port's monitor ({@link #connect} may hold it while it waits for an answer).
     */
    void channelBroken(OutChannel c, String reason) {
        if (channels.remove(c) && !closed) {
            lost.put(c, reason);
        }
    }
}
