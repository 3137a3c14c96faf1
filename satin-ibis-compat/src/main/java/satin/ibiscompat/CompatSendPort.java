package satin.ibiscompat;

import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicLong;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import ibis.ipl.AlreadyConnectedException;
import ibis.ipl.ConnectionClosedException;
import ibis.ipl.ConnectionFailedException;
import ibis.ipl.ConnectionRefusedException;
import ibis.ipl.ConnectionTimedOutException;
import ibis.ipl.ConnectionsFailedException;
import ibis.ipl.IbisConfigurationException;
import ibis.ipl.IbisIdentifier;
import ibis.ipl.NoSuchPropertyException;
import ibis.ipl.PortMismatchException;
import ibis.ipl.PortType;
import ibis.ipl.ReadMessage;
import ibis.ipl.ReceivePortIdentifier;
import ibis.ipl.SendPort;
import ibis.ipl.SendPortDisconnectUpcall;
import ibis.ipl.SendPortIdentifier;
import ibis.ipl.WriteMessage;
import satin.ipl.IplException;

/**
 * An Ibis send port on an IPL send port of the mapped type ({@link PortTypes}). What the IPL does not do itself:
 * <ul>
 *   <li>connect waits for a receive port that does not exist yet or takes no connections yet (the IPL refuses such a
 *       connect with {@link satin.ipl.ConnectionRefusedException#mayRetry()}), retrying with a growing pause (10 ms
 *       up to {@value #MAX_PAUSE_MILLIS} ms) until the timeout, or, without one, until the registry reports the
 *       target's node gone; with {@code fillTimeout} it retries every failure until the timeout;</li>
 *   <li>one message at a time ({@code slot}); a message on a port without connections is dropped, as the API says;</li>
 *   <li>a connection the IPL reports broken, on the message after it broke, goes to the
 *       {@link SendPortDisconnectUpcall} and to {@link #lostConnections()}.</li>
 * </ul>
 * {@code connected} is the program's view of its connections; it is changed by connect, disconnect and the
 * message that finds a connection lost, all under this port's monitor or the message slot.
 */
final class CompatSendPort implements SendPort {
    private static final Logger log = LoggerFactory.getLogger(CompatSendPort.class);
    static final long MAX_PAUSE_MILLIS = 250;

    private final CompatIbis ibis;
    private final PortType type;
    private final PortTypes.Level level;
    private final satin.ipl.SendPort ipl;
    private final SendPortIdentifier identifier;
    private final SendPortDisconnectUpcall disconnectUpcall;
    private final boolean numbered;
    private final Semaphore slot = new Semaphore(1);
    private final List<PortIds.ReceiveId> connected = new CopyOnWriteArrayList<>();
    private final List<ReceivePortIdentifier> lost = new ArrayList<>();
    private final AtomicLong messages = new AtomicLong();
    private final AtomicLong bytes = new AtomicLong();
    private long nextSequenceNumber = ReadMessage.INITIAL_SEQNO;
    private volatile boolean closed;

    CompatSendPort(CompatIbis ibis, PortType type, satin.ipl.SendPort ipl, SendPortDisconnectUpcall disconnectUpcall) {
        this.ibis = ibis;
        this.type = type;
        this.level = PortTypes.Level.of(type);
        this.ipl = ipl;
        this.identifier = PortIds.SendId.of(ipl.identifier());
        this.disconnectUpcall = disconnectUpcall;
        this.numbered = type.hasCapability(PortType.COMMUNICATION_NUMBERED);
    }

    @Override
    public PortType getPortType() {
        return type;
    }

    @Override
    public SendPortIdentifier identifier() {
        return identifier;
    }

    @Override
    public String name() {
        return identifier.name();
    }

    @Override
    public WriteMessage newMessage() throws IOException {
        if (closed) {
            throw new ConnectionClosedException("send port " + identifier + " is closed");
        }
        try {
            slot.acquire();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while waiting for the previous message of " + identifier, e);
        }
        try {
            return new OutgoingMessage(this, level, numbered ? nextSequenceNumber++ : -1);
        } catch (IOException | RuntimeException e) {
            slot.release();
            throw e;
        }
    }

    /** Sends a finished message's body and frees the slot; returns its size. */
    long send(OutgoingMessage message, byte[] body) throws IOException {
        try {
            if (connected.isEmpty()) {
                return body.length;
            }
            IOException failure = null;
            try {
                satin.ipl.WriteMessage w = ipl.newMessage();
                w.writeArray(body);
                w.finish();
                messages.incrementAndGet();
                bytes.addAndGet(body.length);
            } catch (IOException e) {
                failure = e;
            }
            reportLost(failure);
            if (failure != null) {
                throw new ConnectionClosedException("message from " + identifier + " not delivered: "
                        + failure.getMessage(), failure);
            }
            return body.length;
        } finally {
            slot.release();
        }
    }

    /** Connections the IPL no longer has are lost: tell the upcall and the downcall list. */
    private void reportLost(IOException cause) {
        List<satin.ipl.ReceivePortIdentifier> still = ipl.connectedTo();
        for (PortIds.ReceiveId r : connected) {
            if (!still.contains(PortIds.ReceiveId.ipl(r))) {
                connected.remove(r);
                synchronized (lost) {
                    lost.add(r);
                }
                if (disconnectUpcall != null) {
                    try {
                        disconnectUpcall.lostConnection(this, r, cause);
                    } catch (RuntimeException e) {
                        log.error("lostConnection upcall of {} failed", identifier, e);
                    }
                }
            }
        }
    }

    void abandon(OutgoingMessage message) {
        slot.release();
    }

    @Override
    public void connect(ReceivePortIdentifier receiver) throws ConnectionFailedException {
        connect(receiver, 0, false);
    }

    @Override
    public synchronized void connect(ReceivePortIdentifier receiver, long timeoutMillis, boolean fillTimeout)
            throws ConnectionFailedException {
        if (closed) {
            throw new ConnectionFailedException("send port " + identifier + " is closed", receiver);
        }
        satin.ipl.ReceivePortIdentifier target;
        try {
            target = PortIds.ReceiveId.ipl(receiver);
        } catch (IllegalArgumentException e) {
            throw new ConnectionFailedException(e.getMessage(), receiver);
        }
        PortIds.ReceiveId id = PortIds.ReceiveId.of(target);
        if (connected.contains(id)) {
            throw new AlreadyConnectedException("send port " + identifier + " is already connected to " + receiver,
                    receiver);
        }
        long start = System.currentTimeMillis();
        long deadline = timeoutMillis > 0 ? start + timeoutMillis : Long.MAX_VALUE;
        long pause = 10;
        while (true) {
            long left = deadline - System.currentTimeMillis();
            try {
                ipl.connect(target, timeoutMillis > 0 ? Math.max(1, left) : 0);
                connected.add(id);
                return;
            } catch (satin.ipl.ConnectionRefusedException e) {
                String m = e.getMessage();
                if (m.contains(", sender has ")) { // the IPL's words for a port of another type
                    throw new PortMismatchException(m, receiver, e);
                }
                if (!e.mayRetry() && !fillTimeout && System.currentTimeMillis() < deadline) {
                    throw new ConnectionRefusedException(m, receiver, e);
                }
            } catch (IplException e) {
                if (!fillTimeout && System.currentTimeMillis() < deadline) {
                    throw new ConnectionFailedException("cannot connect " + identifier + " to " + receiver + ": "
                            + e.getMessage(), receiver, e);
                }
            } catch (IOException e) {
                throw new ConnectionFailedException(e.getMessage(), receiver, e);
            }
            if (ibis.registryImpl().gone(target.node())) {
                throw new ConnectionRefusedException("the instance of " + receiver + " left the pool", receiver);
            }
            if (System.currentTimeMillis() + pause > deadline) {
                throw new ConnectionTimedOutException("receive port " + receiver + " took no connection within "
                        + timeoutMillis + " ms", receiver);
            }
            try {
                Thread.sleep(pause);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new ConnectionFailedException("interrupted while connecting to " + receiver, receiver, e);
            }
            pause = Math.min(MAX_PAUSE_MILLIS, pause * 2);
        }
    }

    @Override
    public ReceivePortIdentifier connect(IbisIdentifier ibisIdentifier, String receivePortName)
            throws ConnectionFailedException {
        return connect(ibisIdentifier, receivePortName, 0, false);
    }

    @Override
    public ReceivePortIdentifier connect(IbisIdentifier ibisIdentifier, String receivePortName, long timeoutMillis,
            boolean fillTimeout) throws ConnectionFailedException {
        ReceivePortIdentifier r;
        try {
            r = PortIds.ReceiveId.of(new satin.ipl.ReceivePortIdentifier(IbisId.nodeOf(ibisIdentifier),
                    receivePortName));
        } catch (IllegalArgumentException | NullPointerException e) {
            throw new ConnectionFailedException(String.valueOf(e.getMessage()), ibisIdentifier, receivePortName, e);
        }
        connect(r, timeoutMillis, fillTimeout);
        return r;
    }

    @Override
    public void connect(ReceivePortIdentifier[] receivePortIdentifiers) throws ConnectionsFailedException {
        connect(receivePortIdentifiers, 0, false);
    }

    @Override
    public void connect(ReceivePortIdentifier[] receivePortIdentifiers, long timeoutMillis, boolean fillTimeout)
            throws ConnectionsFailedException {
        ConnectionsFailedException failures = new ConnectionsFailedException("connections of " + identifier + " failed");
        List<ReceivePortIdentifier> made = new ArrayList<>();
        for (ReceivePortIdentifier r : receivePortIdentifiers) {
            try {
                connect(r, timeoutMillis, fillTimeout);
                made.add(r);
            } catch (ConnectionFailedException e) {
                failures.add(e);
            }
        }
        if (failures.getFailures().length > 0) {
            failures.setObtainedConnections(made.toArray(new ReceivePortIdentifier[0]));
            throw failures;
        }
    }

    @Override
    public ReceivePortIdentifier[] connect(Map<IbisIdentifier, String> ports) throws ConnectionsFailedException {
        return connect(ports, 0, false);
    }

    @Override
    public ReceivePortIdentifier[] connect(Map<IbisIdentifier, String> ports, long timeoutMillis, boolean fillTimeout)
            throws ConnectionsFailedException {
        ConnectionsFailedException failures = new ConnectionsFailedException("connections of " + identifier + " failed");
        List<ReceivePortIdentifier> made = new ArrayList<>();
        for (Map.Entry<IbisIdentifier, String> e : ports.entrySet()) {
            try {
                made.add(connect(e.getKey(), e.getValue(), timeoutMillis, fillTimeout));
            } catch (ConnectionFailedException f) {
                failures.add(f);
            }
        }
        ReceivePortIdentifier[] result = made.toArray(new ReceivePortIdentifier[0]);
        if (failures.getFailures().length > 0) {
            failures.setObtainedConnections(result);
            throw failures;
        }
        return result;
    }

    @Override
    public synchronized void disconnect(ReceivePortIdentifier receiver) throws IOException {
        satin.ipl.ReceivePortIdentifier target = PortIds.ReceiveId.ipl(receiver);
        PortIds.ReceiveId id = PortIds.ReceiveId.of(target);
        if (!connected.remove(id)) {
            throw new IOException("send port " + identifier + " is not connected to " + receiver);
        }
        ipl.disconnect(target);
    }

    @Override
    public void disconnect(IbisIdentifier ibisIdentifier, String receivePortName) throws IOException {
        disconnect(PortIds.ReceiveId.of(new satin.ipl.ReceivePortIdentifier(IbisId.nodeOf(ibisIdentifier),
                receivePortName)));
    }

    @Override
    public void close() throws IOException {
        if (closed) {
            return;
        }
        closed = true;
        boolean messageAlive = !slot.tryAcquire();
        connected.clear();
        ipl.close();
        ibis.removed(this);
        if (messageAlive) {
            throw new IOException("send port " + identifier + " closed while a message was unfinished");
        }
    }

    @Override
    public ReceivePortIdentifier[] connectedTo() {
        return connected.toArray(new ReceivePortIdentifier[0]);
    }

    @Override
    public ReceivePortIdentifier[] lostConnections() {
        if (!type.hasCapability(PortType.CONNECTION_DOWNCALLS)) {
            throw new IbisConfigurationException("lostConnections() needs " + PortType.CONNECTION_DOWNCALLS
                    + " in the port type");
        }
        synchronized (lost) {
            ReceivePortIdentifier[] out = lost.toArray(new ReceivePortIdentifier[0]);
            lost.clear();
            return out;
        }
    }

    @Override
    public Map<String, String> getManagementProperties() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("Messages", Long.toString(messages.get()));
        m.put("MessageBytes", Long.toString(bytes.get()));
        m.put("Bytes", Long.toString(bytes.get()));
        m.put("Connections", Integer.toString(connected.size()));
        synchronized (lost) {
            m.put("LostConnections", Integer.toString(lost.size()));
        }
        return m;
    }

    @Override
    public String getManagementProperty(String key) throws NoSuchPropertyException {
        return Management.get(getManagementProperties(), key, "send port " + identifier);
    }

    @Override
    public void setManagementProperties(Map<String, String> values) throws NoSuchPropertyException {
        Management.set(values, "send port " + identifier);
    }

    @Override
    public void setManagementProperty(String key, String value) throws NoSuchPropertyException {
        Management.set(key, "send port " + identifier);
    }

    @Override
    public void printManagementProperties(PrintStream stream) {
        Management.print(getManagementProperties(), stream);
    }
}
