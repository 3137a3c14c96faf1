package satin.ipl.core;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import satin.ipl.ConnectionUpcall;
import satin.ipl.DirectUpcall;
import satin.ipl.ExpressUpcall;
import satin.ipl.IplException;
import satin.ipl.MessageUpcall;
import satin.ipl.PortCapability;
import satin.ipl.PortType;
import satin.ipl.ReadMessage;
import satin.ipl.ReceivePort;
import satin.ipl.ReceivePortIdentifier;
import satin.ipl.ReceiveTimeoutException;
import satin.ipl.SendPortIdentifier;

/**
 * A receive port: a queue of complete messages fed by its channels. With an upcall, one thread per port
 * takes messages in order and calls it; otherwise the application takes them. Unreliable messages are
 * dropped when the queue holds more than a window of bytes (reliable ones are bounded by credit).
 * A {@link DirectUpcall} bypasses the queue: the delivering transport thread calls it, under the port's
 * lock so that upcalls of the port never overlap. An {@link ExpressUpcall} bypasses it only for the messages it marks
 * by their first byte: those run on the delivering thread under the same lock (so express upcalls never overlap each
 * other), the rest go through the queue to the port's thread, which takes no lock (so an express upcall may run while
 * the port's thread runs another).
 */
final class ReceivePortImpl implements ReceivePort {
    private static final Logger log = LoggerFactory.getLogger(ReceivePortImpl.class);
    private static final MessageReaderImpl CLOSED = new MessageReaderImpl(new byte[0], 0, null, null, 0, null);

    private final NodeImpl node;
    private final PortType type;
    private final ReceivePortIdentifier identifier;
    final int number;
    private final MessageUpcall upcall;
    /** Admits connections and hears of their end; null accepts every connection that passes the checks. */
    private final ConnectionUpcall connections;
    private final LinkedBlockingQueue<MessageReaderImpl> queue = new LinkedBlockingQueue<>();
    private final AtomicLong queuedBytes = new AtomicLong();
    private final List<InChannel> channels = new CopyOnWriteArrayList<>();
    private final Thread upcallThread;
    private final boolean direct;
    /** The upcall if it takes some messages on the transport's thread ({@link ExpressUpcall}), else null. */
    private final ExpressUpcall express;
    private final Object directLock = new Object();
    private volatile boolean closed;
    /**
     * True on a thread while it runs an upcall: its sends must not wait for credit. A direct upcall would
     * wait for credit that arrives on its own thread; two port threads sending to each other's ports would
     * each wait for the other to take a message.
     */
    private static final ThreadLocal<Boolean> IN_UPCALL = ThreadLocal.withInitial(() -> false);

    ReceivePortImpl(NodeImpl node, PortType type, String name, int number, MessageUpcall upcall,
            ConnectionUpcall connections) {
        this.node = node;
        this.connections = connections;
        this.type = type;
        this.identifier = new ReceivePortIdentifier(node.identifier(), name);
        this.number = number;
        this.upcall = upcall;
        this.direct = upcall instanceof DirectUpcall;
        this.express = !direct && upcall instanceof ExpressUpcall e ? e : null;
        if (upcall != null && !direct) {
            upcallThread = new Thread(this::runUpcalls, "ipl-upcall-" + name + "@" + node.identifier().id());
            upcallThread.setDaemon(true);
            upcallThread.start();
        } else {
            upcallThread = null;
        }
    }

    Serialization serialization() {
        return node.serialization();
    }

    void deliver(MessageReaderImpl message, boolean unreliable) {
        if (direct || express != null && isExpress(message)) {
            node.counters().received(message.size());
            upcallHere(message);
            return;
        }
        if (unreliable && queuedBytes.get() > node.window()) {
            return;
        }
        queuedBytes.addAndGet(message.size());
        node.counters().received(message.size());
        queue.add(message);
    }

    /** Asks the {@link ExpressUpcall} about the message's first byte; a predicate that throws means "no". */
    private boolean isExpress(MessageReaderImpl message) {
        if (message.size() == 0) {
            return false;
        }
        try {
            return express.express(message.lead());
        } catch (RuntimeException e) {
            log.error("express predicate of {} failed; the message goes to the port's thread", identifier, e);
            return false;
        }
    }

    private MessageReaderImpl taken(MessageReaderImpl m) throws IplException {
        if (m == CLOSED) {
            queue.add(CLOSED);
            throw new IplException("receive port " + identifier + " is closed");
        }
        queuedBytes.addAndGet(-m.size());
        m.taken();
        return m;
    }

    private void requireExplicit() {
        if (upcall != null) {
            throw new IllegalStateException("receive port " + identifier + " delivers by upcall");
        }
    }

    @Override
    public ReadMessage receive() throws IOException {
        requireExplicit();
        try {
            return taken(queue.take());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IplException("interrupted in receive on " + identifier, e);
        }
    }

    @Override
    public ReadMessage receive(long timeoutMillis) throws IOException {
        requireExplicit();
        try {
            MessageReaderImpl m = queue.poll(timeoutMillis, TimeUnit.MILLISECONDS);
            if (m == null) {
                throw new ReceiveTimeoutException("no message on " + identifier + " within " + timeoutMillis + " ms");
            }
            return taken(m);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IplException("interrupted in receive on " + identifier, e);
        }
    }

    @Override
    public ReadMessage poll() throws IOException {
        requireExplicit();
        MessageReaderImpl m = queue.poll();
        return m == null ? null : taken(m);
    }

    /** Whether the calling thread is inside an upcall. */
    static boolean inUpcall() {
        return IN_UPCALL.get();
    }

    private void upcallHere(MessageReaderImpl m) {
        m.taken();
        synchronized (directLock) {
            if (!closed) {
                invoke(m);
            }
        }
    }

    private void invoke(MessageReaderImpl m) {
        boolean outer = IN_UPCALL.get();
        IN_UPCALL.set(true);
        try {
            upcall.upcall(m);
        } catch (IOException | RuntimeException e) {
            log.error("upcall on {} failed for a message from {}", identifier, m.origin(), e);
        } finally {
            IN_UPCALL.set(outer);
            m.finish();
        }
    }

    private void runUpcalls() {
        while (true) {
            MessageReaderImpl m;
            try {
                m = queue.take();
                if (m == CLOSED) {
                    return;
                }
                taken(m);
            } catch (InterruptedException | IplException e) {
                return;
            }
            invoke(m);
        }
    }

    @Override
    public ReceivePortIdentifier identifier() {
        return identifier;
    }

    @Override
    public PortType type() {
        return type;
    }

    @Override
    public List<SendPortIdentifier> connectedTo() {
        return channels.stream().filter(c -> !c.isClosed()).map(c -> c.origin).toList();
    }

    /** Why a port refused a channel; {@code mayRetry}: the port may take it later (see {@link ConnectionUpcall}). */
    record Refusal(String reason, boolean mayRetry) {
    }

    /**
     * Connects a channel from a send port of {@code senderType}, or returns why this port refuses it. Under
     * the port's monitor, as {@link #close()} marks it closed, so a channel is either refused or closed by
     * {@code close}.
     */
    synchronized Refusal attach(InChannel c, PortType senderType) {
        if (closed) {
            return new Refusal("no receive port '" + identifier.name() + "' on " + identifier.node(), true);
        }
        if (!type.equals(senderType)) {
            return new Refusal("receive port " + identifier + " has " + type + ", sender has " + senderType, false);
        }
        List<SendPortIdentifier> connected = connectedTo();
        if (type.pattern() != PortCapability.MANY_TO_ONE && !connected.isEmpty()) {
            return new Refusal("receive port " + identifier + " is " + type.pattern() + " and already connected to "
                    + connected.get(0), false);
        }
        ConnectionUpcall.Answer answer = admit(c.origin);
        if (answer != ConnectionUpcall.Answer.ACCEPT) {
            boolean later = answer == ConnectionUpcall.Answer.NOT_NOW;
            return new Refusal("receive port " + identifier + (later ? " takes no connections now" : " refused "
                    + c.origin), later);
        }
        channels.add(c);
        return null;
    }

    private ConnectionUpcall.Answer admit(SendPortIdentifier origin) {
        if (connections == null) {
            return ConnectionUpcall.Answer.ACCEPT;
        }
        try {
            ConnectionUpcall.Answer a = connections.gotConnection(identifier, origin);
            return a == null ? ConnectionUpcall.Answer.REFUSE : a;
        } catch (RuntimeException e) {
            log.error("connection upcall of {} failed for {}; refused", identifier, origin, e);
            return ConnectionUpcall.Answer.REFUSE;
        }
    }

    /** The sender closed the channel ({@code cause} null) or its link ended. */
    void detach(InChannel c, Throwable cause) {
        if (channels.remove(c) && connections != null && !closed) {
            try {
                connections.lostConnection(identifier, c.origin, cause);
            } catch (RuntimeException e) {
                log.error("connection upcall of {} failed on the loss of {}", identifier, c.origin, e);
            }
        }
    }

    @Override
    public void close() {
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
        }
        node.removeReceivePort(this);
        for (InChannel c : channels) {
            c.closeByReceiver();
        }
        queue.add(CLOSED);
        if (upcallThread != null && upcallThread != Thread.currentThread()) {
            try {
                upcallThread.join(5000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
