package satin.ipl.core;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
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
import satin.ipl.spi.Packet;
import satin.ipl.spi.PeerLink;
import satin.ipl.spi.WireCodec;

/**
 * A send port. {@code connect} opens a channel with a CONNECT/ACCEPT handshake over the link to the
 * target's node; a finished message is cut into fragments of at most the receiver's frame payload and
 * sent on every channel, each fragment paid for with the channel's credit (reliable ports only).
 * A message is written into pooled direct memory when every link takes pooled buffers
 * ({@link PeerLink#pooledAllocator()}); each fragment is then a retained slice of it that the transport
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
        OutChannel channel = node.openChannel(link, target, this);
        ByteBuffer names = nameBytes(target.name(), identifier.name());
        try {
            link.send(new Packet(Packet.CONNECT, (byte) 0, channel.id, type.bits(), 0, names));
            long left = Math.max(1, deadline - System.nanoTime());
            channel.accepted.get(left, TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            node.closeChannel(channel, false);
            throw new ConnectionRefusedException("no answer from " + target + " within " + timeout + " ms");
        } catch (ExecutionException e) {
            node.closeChannel(channel, false);
            throw new ConnectionRefusedException("cannot connect " + identifier + " to " + target + ": "
                    + e.getCause().getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            node.closeChannel(channel, true);
            throw new IplException("interrupted while connecting to " + target, e);
        }
        channels.add(channel);
    }

    private static ByteBuffer nameBytes(String receivePort, String sendPort) {
        io.netty.buffer.ByteBuf b = io.netty.buffer.Unpooled.buffer();
        WireCodec.writeString(b, receivePort);
        WireCodec.writeString(b, sendPort);
        return b.nioBuffer();
    }

    @Override
    public synchronized void disconnect(ReceivePortIdentifier target) throws IOException {
        for (OutChannel c : channels) {
            if (c.target.equals(target)) {
                channels.remove(c);
                node.closeChannel(c, true);
                return;
            }
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

    /** Pooled direct memory if every connection's transport takes it, else a heap buffer. */
    private ByteBuf messageBuffer() {
        ByteBufAllocator pooled = null;
        for (OutChannel c : channels) {
            pooled = c.link.pooledAllocator();
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

    /** Sends a finished message on every channel; frees the message's buffer and slot. */
    long send(ByteBuf message) throws IOException {
        int size = message.readableBytes();
        sizeHint = size > HINT_LIMIT ? SMALL_START : Math.max(SMALL_START, size);
        try {
            if (channels.isEmpty()) {
                throw new IplException("send port " + identifier + " is not connected");
            }
            List<String> failures = new ArrayList<>();
            for (OutChannel c : channels) {
                try {
                    sendOn(c, message, size);
                } catch (IOException e) {
                    channels.remove(c);
                    node.closeChannel(c, false);
                    failures.add(c.target + ": " + e.getMessage());
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

    private void sendOn(OutChannel c, ByteBuf message, int size) throws IOException {
        if (c.broken != null) {
            throw new IplException(c.broken);
        }
        int fragment = c.fragmentSize;
        boolean pooled = message.isDirect() && c.link.pooledAllocator() != null;
        int offset = 0;
        boolean first = true;
        do {
            int len = Math.min(fragment, size - offset);
            boolean last = offset + len == size;
            byte flags = (byte) ((first ? Packet.FLAG_FIRST : 0) | (last ? Packet.FLAG_LAST : 0)
                    | (unreliable ? Packet.FLAG_UNRELIABLE : 0));
            int aux = first ? size : offset;
            if (!unreliable) {
                c.credit.acquire(len + InChannel.OVERHEAD);
            }
            Packet p = pooled
                    ? Packet.pooled(Packet.DATA, flags, c.id, c.remotePort, aux, message.retainedSlice(offset, len))
                    : new Packet(Packet.DATA, flags, c.id, c.remotePort, aux, heapView(message, offset, len));
            if (unreliable) {
                c.link.sendUnreliable(p);
            } else {
                c.link.send(p);
            }
            offset += len;
            first = false;
        } while (offset < size);
        node.counters().sent(c.sameCluster, size);
    }

    /**
     * Bytes of a message for a link that takes no pooled buffers: a view of a heap message (never reused,
     * so the transport may keep it), or a copy of pooled memory.
     */
    private static ByteBuffer heapView(ByteBuf message, int offset, int len) {
        if (message.hasArray()) {
            return ByteBuffer.wrap(message.array(), message.arrayOffset() + offset, len);
        }
        byte[] copy = new byte[len];
        message.getBytes(offset, copy);
        return ByteBuffer.wrap(copy);
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
            node.closeChannel(c, true);
        }
        channels.clear();
        node.removeSendPort(this);
    }

    void channelBroken(OutChannel c) {
        // kept in the list so the next send reports the reason, then removes it
    }
}
