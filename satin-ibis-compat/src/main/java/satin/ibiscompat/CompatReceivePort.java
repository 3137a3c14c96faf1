package satin.ibiscompat;

import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import ibis.ipl.ConnectionClosedException;
import ibis.ipl.IbisConfigurationException;
import ibis.ipl.MessageUpcall;
import ibis.ipl.NoSuchPropertyException;
import ibis.ipl.PortType;
import ibis.ipl.ReadMessage;
import ibis.ipl.ReceivePort;
import ibis.ipl.ReceivePortConnectUpcall;
import ibis.ipl.ReceivePortIdentifier;
import ibis.ipl.ReceiveTimedOutException;
import ibis.ipl.SendPortIdentifier;
import satin.ipl.ConnectionUpcall;
import satin.ipl.ReceiveTimeoutException;

/**
 * An Ibis receive port on an IPL receive port of the mapped type, whose {@link ConnectionUpcall} is this object:
 * until {@link #enableConnections()} (and after {@link #disableConnections()}) it answers a connecting sender
 * {@code NOT_NOW}, which the sender's connect waits out; then the program's {@link ReceivePortConnectUpcall} decides.
 *
 * <h2>Message upcalls</h2>
 * The IPL port's thread copies each message's body out, finishes the IPL message, and waits while upcalls are
 * disabled (for the program's {@link #enableMessageUpcalls()} or the port's close). It then runs the program's
 * {@link MessageUpcall} on a thread of {@code upcallThreads} and waits until the upcall returns or finishes its
 * message: the API allows an upcall that finished its message to block (for a reply, say) while the next message
 * is delivered, so the next upcall may start on another thread while that one still runs. One unfinished message at
 * a time, as the API says. Both waits are on this object's monitor and end by the program's progress or the close.
 *
 * <h2>Explicit receipt</h2>
 * {@link #receive} takes the next IPL message and copies its body out at once.
 */
final class CompatReceivePort implements ReceivePort, ConnectionUpcall, satin.ipl.MessageUpcall {
    private static final Logger log = LoggerFactory.getLogger(CompatReceivePort.class);

    private final CompatIbis ibis;
    private final PortType type;
    private final PortTypes.Level level;
    private final boolean numbered;
    private final MessageUpcall upcall;
    private final ReceivePortConnectUpcall connectUpcall;
    private final ReceivePortIdentifier identifier;
    private final ExecutorService upcallThreads;
    private satin.ipl.ReceivePort ipl;
    private final AtomicLong messages = new AtomicLong();
    private final AtomicLong bytes = new AtomicLong();

    // guarded by this
    private boolean connectionsEnabled;
    private boolean upcallsEnabled;
    private boolean closed;
    private IncomingMessage current;
    private final List<SendPortIdentifier> newConnections = new ArrayList<>();
    private final List<SendPortIdentifier> lostConnections = new ArrayList<>();

    CompatReceivePort(CompatIbis ibis, PortType type, satin.ipl.ReceivePortIdentifier id, MessageUpcall upcall,
            ReceivePortConnectUpcall connectUpcall) {
        this.ibis = ibis;
        this.type = type;
        this.level = PortTypes.Level.of(type);
        this.numbered = type.hasCapability(PortType.COMMUNICATION_NUMBERED);
        this.upcall = upcall;
        this.connectUpcall = connectUpcall;
        this.identifier = PortIds.ReceiveId.of(id);
        this.upcallThreads = upcall == null ? null : Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "ibis-upcall-" + id.name());
            t.setDaemon(true);
            return t;
        });
    }

    /** The IPL port, made after this object (which is its upcall). */
    void attach(satin.ipl.ReceivePort port) {
        this.ipl = port;
    }

    // ---- connections, on the IPL's transport threads ----

    @Override
    public synchronized Answer gotConnection(satin.ipl.ReceivePortIdentifier port, satin.ipl.SendPortIdentifier origin) {
        if (!connectionsEnabled || closed) {
            return Answer.NOT_NOW;
        }
        SendPortIdentifier from = PortIds.SendId.of(origin);
        if (connectUpcall != null) {
            try {
                if (!connectUpcall.gotConnection(this, from)) {
                    return Answer.REFUSE;
                }
            } catch (RuntimeException e) {
                log.error("gotConnection upcall of {} failed; connection refused", identifier, e);
                return Answer.REFUSE;
            }
        }
        newConnections.add(from);
        return Answer.ACCEPT;
    }

    @Override
    public void lostConnection(satin.ipl.ReceivePortIdentifier port, satin.ipl.SendPortIdentifier origin,
            Throwable cause) {
        SendPortIdentifier from = PortIds.SendId.of(origin);
        synchronized (this) {
            lostConnections.add(from);
            notifyAll();
        }
        if (connectUpcall != null) {
            try {
                connectUpcall.lostConnection(this, from, cause);
            } catch (RuntimeException e) {
                log.error("lostConnection upcall of {} failed", identifier, e);
            }
        }
    }

    // ---- message upcalls, on the IPL port's thread ----

    @Override
    public void upcall(satin.ipl.ReadMessage m) throws IOException {
        IncomingMessage message = copy(m);
        synchronized (this) {
            while (!upcallsEnabled && !closed) {
                try {
                    wait();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
            if (closed) {
                return;
            }
            current = message;
        }
        ClassLoader loader = ibis.classLoader();
        upcallThreads.execute(() -> {
            Thread.currentThread().setContextClassLoader(loader);
            try {
                upcall.upcall(message);
            } catch (IOException | ClassNotFoundException | RuntimeException e) {
                log.error("message upcall of {} failed for a message from {}", identifier, message.origin(), e);
            } catch (Error e) {
                log.error("message upcall of {} failed for a message from {}", identifier, message.origin(), e);
                throw e;
            } finally {
                message.finish();
            }
        });
        synchronized (this) {
            while (current == message && !closed) {
                try {
                    wait();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }

    private IncomingMessage copy(satin.ipl.ReadMessage m) throws IOException {
        byte[] body = new byte[(int) m.remaining()];
        m.readArray(body);
        m.finish();
        messages.incrementAndGet();
        bytes.addAndGet(body.length);
        return new IncomingMessage(this, level, numbered, PortIds.SendId.of(m.origin()), body, ibis.classLoader());
    }

    /** The program is done with a message: the next upcall may start. */
    synchronized void finished(IncomingMessage message) {
        if (current == message) {
            current = null;
            notifyAll();
        }
    }

    // ---- the Ibis API ----

    @Override
    public PortType getPortType() {
        return type;
    }

    private void requireExplicit() {
        if (upcall != null) {
            throw new IbisConfigurationException("receive port " + identifier + " delivers its messages by upcall");
        }
    }

    @Override
    public ReadMessage receive() throws IOException {
        return receive(0);
    }

    @Override
    public ReadMessage receive(long timeoutMillis) throws IOException {
        requireExplicit();
        checkOpen();
        try {
            satin.ipl.ReadMessage m = timeoutMillis > 0 ? ipl.receive(timeoutMillis) : ipl.receive();
            return copy(m);
        } catch (ReceiveTimeoutException e) {
            throw new ReceiveTimedOutException("no message on " + identifier + " within " + timeoutMillis + " ms", e);
        }
    }

    @Override
    public ReadMessage poll() throws IOException {
        if (upcall != null) {
            return null;
        }
        checkOpen();
        satin.ipl.ReadMessage m = ipl.poll();
        return m == null ? null : copy(m);
    }

    private synchronized void checkOpen() throws ConnectionClosedException {
        if (closed) {
            throw new ConnectionClosedException("receive port " + identifier + " is closed");
        }
    }

    @Override
    public ReceivePortIdentifier identifier() {
        return identifier;
    }

    @Override
    public String name() {
        return identifier.name();
    }

    @Override
    public synchronized void enableConnections() {
        connectionsEnabled = true;
    }

    @Override
    public synchronized void disableConnections() {
        connectionsEnabled = false;
    }

    @Override
    public synchronized void enableMessageUpcalls() {
        upcallsEnabled = true;
        notifyAll();
    }

    @Override
    public synchronized void disableMessageUpcalls() {
        upcallsEnabled = false;
    }

    @Override
    public void close() throws IOException {
        close(0);
    }

    @Override
    public void close(long timeoutMillis) throws IOException {
        synchronized (this) {
            if (closed) {
                return;
            }
            connectionsEnabled = false;
            long deadline = timeoutMillis > 0 ? System.currentTimeMillis() + timeoutMillis : Long.MAX_VALUE;
            // the API's close waits for the senders to disconnect; a sender whose node dies is disconnected by the
            // IPL, so this wait ends by the senders' close or by failure detection
            while (timeoutMillis >= 0 && !ipl.connectedTo().isEmpty()) {
                long left = deadline - System.currentTimeMillis();
                if (left <= 0) {
                    break;
                }
                try {
                    wait(Math.min(left, CompatRegistry.ROUND_MILLIS));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
            closed = true;
            notifyAll();
        }
        ipl.close();
        if (upcallThreads != null) {
            upcallThreads.shutdown();
            try {
                upcallThreads.awaitTermination(5, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        ibis.removed(this);
    }

    @Override
    public SendPortIdentifier[] connectedTo() {
        return ipl.connectedTo().stream().map(PortIds.SendId::of).toArray(SendPortIdentifier[]::new);
    }

    private void requireDowncalls(String what) {
        if (!type.hasCapability(PortType.CONNECTION_DOWNCALLS)) {
            throw new IbisConfigurationException(what + " needs " + PortType.CONNECTION_DOWNCALLS + " in the port type");
        }
    }

    @Override
    public synchronized SendPortIdentifier[] lostConnections() {
        requireDowncalls("lostConnections()");
        SendPortIdentifier[] out = lostConnections.toArray(new SendPortIdentifier[0]);
        lostConnections.clear();
        return out;
    }

    @Override
    public synchronized SendPortIdentifier[] newConnections() {
        requireDowncalls("newConnections()");
        SendPortIdentifier[] out = newConnections.toArray(new SendPortIdentifier[0]);
        newConnections.clear();
        return out;
    }

    @Override
    public Map<String, String> getManagementProperties() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("Messages", Long.toString(messages.get()));
        m.put("MessageBytes", Long.toString(bytes.get()));
        m.put("Bytes", Long.toString(bytes.get()));
        m.put("Connections", Integer.toString(ipl.connectedTo().size()));
        return m;
    }

    @Override
    public String getManagementProperty(String key) throws NoSuchPropertyException {
        return Management.get(getManagementProperties(), key, "receive port " + identifier);
    }

    @Override
    public void setManagementProperties(Map<String, String> values) throws NoSuchPropertyException {
        Management.set(values, "receive port " + identifier);
    }

    @Override
    public void setManagementProperty(String key, String value) throws NoSuchPropertyException {
        Management.set(key, "receive port " + identifier);
    }

    @Override
    public void printManagementProperties(PrintStream stream) {
        Management.print(getManagementProperties(), stream);
    }
}
