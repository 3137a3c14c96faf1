package satin.ibiscompat;

import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import ibis.ipl.IbisCapabilities;
import ibis.ipl.IbisConfigurationException;
import ibis.ipl.IbisIdentifier;
import ibis.ipl.IbisRuntimeException;
import ibis.ipl.NoSuchPropertyException;
import ibis.ipl.Registry;
import ibis.ipl.RegistryEventHandler;
import satin.ipl.NodeIdentifier;
import satin.ipl.RegistryLostException;

/**
 * The Ibis {@link Registry} of one instance, on its IPL node's registry. It is the IPL node's event handler, so it
 * sees every pool event at once, in pool order, on the IPL's registry thread, and keeps what the API asks about:
 * the members that left or died (a connect to them stops waiting), whether the pool closed or terminated and who
 * terminated it, and, for an instance without an event handler, the downcall lists.
 *
 * <p>Upcalls to the program's {@link RegistryEventHandler} run on a thread of their own ({@code dispatcher}), one
 * at a time and in pool order, only while events are enabled: an instance starts with them off, and the events that
 * come before {@link #enableEvents()} wait in {@code pending}. The dispatcher waits on this object's monitor for
 * "enabled and an event pending" or "stopped"; {@link #enableEvents()}, {@link #deliver} and {@link #stop()} notify.
 * Nothing the IPL's registry thread does waits for the program.
 *
 * <p>Every wait for the pool ({@link #waitUntilPoolClosed()}, {@link #waitUntilTerminated()}, an election result
 * without a limit) waits in rounds of {@value #ROUND_MILLIS} ms and asks the IPL registry between rounds, which
 * throws once the registry is lost: so such a wait ends when the pool answers or when the registry is gone.
 */
final class CompatRegistry implements Registry, satin.ipl.RegistryEventHandler {
    private static final Logger log = LoggerFactory.getLogger(CompatRegistry.class);
    static final long ROUND_MILLIS = 1000;
    /** Elections that number {@link #getSequenceNumber} are named so; their results are not the program's events. */
    private static final String SEQUENCE_PREFIX = "ibis-compat-sequence ";

    private final RegistryEventHandler handler;
    private final IbisCapabilities capabilities;
    private final String poolName;
    private volatile satin.ipl.Registry ipl;
    private volatile NodeIdentifier self;

    private final ArrayDeque<Runnable> pending = new ArrayDeque<>();
    private boolean enabled;
    private boolean stopped;
    private final Thread dispatcher;

    private final List<IbisIdentifier> joined = new ArrayList<>();
    private final List<IbisIdentifier> left = new ArrayList<>();
    private final List<IbisIdentifier> died = new ArrayList<>();
    private final List<String> signals = new ArrayList<>();
    private final Set<NodeIdentifier> gone = new HashSet<>();
    private final Map<String, Long> nextSequenceCandidate = new HashMap<>();
    private boolean closed;
    private IbisIdentifier terminatedBy;

    CompatRegistry(RegistryEventHandler handler, IbisCapabilities capabilities, String poolName) {
        this.handler = handler;
        this.capabilities = capabilities;
        this.poolName = poolName;
        if (handler != null) {
            dispatcher = new Thread(this::dispatch, "ibis-registry-events");
            dispatcher.setDaemon(true);
            dispatcher.start();
        } else {
            dispatcher = null;
        }
    }

    /** The node has joined: its registry and identity. */
    void attach(satin.ipl.Registry registry, NodeIdentifier node) {
        this.ipl = registry;
        this.self = node;
    }

    /** Ends the dispatcher after the events it may deliver now. */
    synchronized void stop() {
        stopped = true;
        notifyAll();
    }

    // ---- events from the IPL, on its registry thread ----

    private synchronized void deliver(Runnable upcall) {
        if (handler != null) {
            pending.add(upcall);
            notifyAll();
        }
    }

    @Override
    public synchronized void joined(NodeIdentifier node) {
        IbisId id = IbisId.of(node);
        gone.remove(node);
        if (handler == null) {
            joined.add(id);
        }
        deliver(() -> handler.joined(id));
    }

    @Override
    public synchronized void left(NodeIdentifier node) {
        IbisId id = IbisId.of(node);
        gone.add(node);
        if (handler == null) {
            left.add(id);
        }
        deliver(() -> handler.left(id));
    }

    @Override
    public synchronized void died(NodeIdentifier node) {
        IbisId id = IbisId.of(node);
        gone.add(node);
        if (handler == null) {
            died.add(id);
        }
        deliver(() -> handler.died(id));
    }

    @Override
    public synchronized void gotSignal(String signal, NodeIdentifier source) {
        IbisId id = source == null ? null : IbisId.of(source);
        if (handler == null) {
            signals.add(signal);
        }
        deliver(() -> handler.gotSignal(signal, id));
    }

    @Override
    public synchronized void electionResult(String election, NodeIdentifier winner) {
        if (!election.startsWith(SEQUENCE_PREFIX)) {
            IbisId id = IbisId.of(winner);
            deliver(() -> handler.electionResult(election, id));
        }
    }

    @Override
    public synchronized void poolClosed() {
        closed = true;
        notifyAll();
        deliver(handler == null ? null : handler::poolClosed);
    }

    @Override
    public synchronized void poolTerminated(NodeIdentifier source) {
        terminatedBy = IbisId.of(source);
        closed = true;
        notifyAll();
        IbisIdentifier by = terminatedBy;
        deliver(() -> handler.poolTerminated(by));
    }

    @Override
    public synchronized void registryLost(Throwable cause) {
        notifyAll();
    }

    private void dispatch() {
        while (true) {
            Runnable next;
            synchronized (this) {
                while (!stopped && (!enabled || pending.isEmpty())) {
                    try {
                        wait();
                    } catch (InterruptedException e) {
                        return;
                    }
                }
                if (stopped) {
                    return;
                }
                next = pending.poll();
            }
            try {
                next.run();
            } catch (RuntimeException | Error e) {
                log.error("the registry event handler failed", e);
            }
        }
    }

    /** Whether the registry reported that node left or died. */
    synchronized boolean gone(NodeIdentifier node) {
        return gone.contains(node);
    }

    // ---- the Ibis API ----

    @Override
    public IbisIdentifier elect(String electionName) throws IOException {
        requireElections();
        return IbisId.of(ipl.elect(electionName));
    }

    @Override
    public IbisIdentifier elect(String electionName, long timeoutMillis) throws IOException {
        return elect(electionName);
    }

    @Override
    public IbisIdentifier getElectionResult(String electionName) throws IOException {
        return getElectionResult(electionName, 0);
    }

    @Override
    public IbisIdentifier getElectionResult(String electionName, long timeoutMillis) throws IOException {
        requireElections();
        if (timeoutMillis < 0) {
            NodeIdentifier w = ipl.getElectionResult(electionName, 0);
            return w == null ? null : IbisId.of(w);
        }
        long deadline = timeoutMillis == 0 ? Long.MAX_VALUE : System.currentTimeMillis() + timeoutMillis;
        while (true) {
            long round = Math.min(ROUND_MILLIS, Math.max(1, deadline - System.currentTimeMillis()));
            NodeIdentifier w = ipl.getElectionResult(electionName, round);
            if (w != null) {
                return IbisId.of(w);
            }
            ipl.poolSize(); // throws once the registry is lost
            if (System.currentTimeMillis() >= deadline) {
                return null;
            }
        }
    }

    private void requireElections() {
        if (!capabilities.hasCapability(IbisCapabilities.ELECTIONS_STRICT)
                && !capabilities.hasCapability(IbisCapabilities.ELECTIONS_UNRELIABLE)) {
            throw new IbisConfigurationException("elections need the capability " + IbisCapabilities.ELECTIONS_STRICT
                    + " or " + IbisCapabilities.ELECTIONS_UNRELIABLE);
        }
    }

    /** Nothing to do: the registry already takes a member that stops sending heartbeats for dead. */
    @Override
    public void maybeDead(IbisIdentifier ibisIdentifier) {
    }

    @Override
    public void assumeDead(IbisIdentifier ibisIdentifier) throws IOException {
        throw new IOException("assumeDead is not offered: the registry declares a member dead only when its"
                + " heartbeats stop (ipl.registry.heartbeat.timeout), never on another member's word");
    }

    @Override
    public void signal(String signal, IbisIdentifier... ibisIdentifiers) throws IOException {
        if (!capabilities.hasCapability(IbisCapabilities.SIGNALS)) {
            throw new IbisConfigurationException("signals need the capability " + IbisCapabilities.SIGNALS);
        }
        if (ibisIdentifiers == null) {
            ipl.signal(signal);
            return;
        }
        if (ibisIdentifiers.length == 0) {
            return;
        }
        NodeIdentifier[] targets = new NodeIdentifier[ibisIdentifiers.length];
        for (int i = 0; i < targets.length; i++) {
            targets[i] = IbisId.nodeOf(ibisIdentifiers[i]);
        }
        ipl.signal(signal, targets);
    }

    private void requireDowncalls(String what) {
        if (handler != null) {
            throw new IbisConfigurationException(what + " is a downcall: this instance has a registry event handler,"
                    + " which gets these events as upcalls instead");
        }
    }

    private void requireMembership(String what) {
        requireDowncalls(what);
        if (!capabilities.hasCapability(IbisCapabilities.MEMBERSHIP_TOTALLY_ORDERED)
                && !capabilities.hasCapability(IbisCapabilities.MEMBERSHIP_UNRELIABLE)) {
            throw new IbisConfigurationException(what + " needs the capability "
                    + IbisCapabilities.MEMBERSHIP_TOTALLY_ORDERED + " or " + IbisCapabilities.MEMBERSHIP_UNRELIABLE);
        }
    }

    @Override
    public synchronized IbisIdentifier[] joinedIbises() {
        requireMembership("joinedIbises()");
        return drain(joined).toArray(new IbisIdentifier[0]);
    }

    @Override
    public synchronized IbisIdentifier[] leftIbises() {
        requireMembership("leftIbises()");
        return drain(left).toArray(new IbisIdentifier[0]);
    }

    @Override
    public synchronized IbisIdentifier[] diedIbises() {
        requireMembership("diedIbises()");
        return drain(died).toArray(new IbisIdentifier[0]);
    }

    @Override
    public synchronized String[] receivedSignals() {
        requireDowncalls("receivedSignals()");
        return drain(signals).toArray(new String[0]);
    }

    private static <T> List<T> drain(List<T> list) {
        List<T> out = new ArrayList<>(list);
        list.clear();
        return out;
    }

    private void requireClosedWorld(String what) {
        if (!capabilities.hasCapability(IbisCapabilities.CLOSED_WORLD)) {
            throw new IbisConfigurationException(what + " needs the capability " + IbisCapabilities.CLOSED_WORLD);
        }
    }

    @Override
    public int getPoolSize() {
        requireClosedWorld("getPoolSize()");
        return ipl.closedPoolSize();
    }

    @Override
    public String getPoolName() {
        return poolName;
    }

    @Override
    public void waitUntilPoolClosed() {
        requireClosedWorld("waitUntilPoolClosed()");
        try {
            while (!ipl.waitUntilPoolClosed(ROUND_MILLIS)) {
                ipl.poolSize(); // throws once the registry is lost
            }
        } catch (IOException e) {
            throw new IbisRuntimeException("waiting for the pool to close: " + e.getMessage(), e);
        }
        synchronized (this) {
            closed = true;
        }
    }

    @Override
    public synchronized boolean isClosed() {
        return closed;
    }

    @Override
    public synchronized void enableEvents() {
        enabled = true;
        notifyAll();
    }

    @Override
    public synchronized void disableEvents() {
        enabled = false;
    }

    /**
     * Numbers from elections, one per number: the caller takes part in elections {@code name 0}, {@code name 1}, ...
     * from the first it has not seen yet, and the first one it wins is its number. Every election has one winner, so
     * no two members get the same number; a member that left may leave a gap.
     */
    @Override
    public long getSequenceNumber(String name) throws IOException {
        requireElections();
        synchronized (nextSequenceCandidate) {
            long k = nextSequenceCandidate.getOrDefault(name, 0L);
            while (true) {
                NodeIdentifier winner = ipl.elect(SEQUENCE_PREFIX + name + " " + k);
                k++;
                if (winner.equals(self)) {
                    nextSequenceCandidate.put(name, k);
                    return k - 1;
                }
            }
        }
    }

    @Override
    public void terminate() throws IOException {
        requireTermination("terminate()");
        ipl.terminate();
    }

    private void requireTermination(String what) {
        if (!capabilities.hasCapability(IbisCapabilities.TERMINATION)) {
            throw new IbisConfigurationException(what + " needs the capability " + IbisCapabilities.TERMINATION);
        }
    }

    @Override
    public synchronized boolean hasTerminated() {
        requireTermination("hasTerminated()");
        return terminatedBy != null;
    }

    @Override
    public IbisIdentifier waitUntilTerminated() {
        requireTermination("waitUntilTerminated()");
        while (true) {
            synchronized (this) {
                if (terminatedBy != null) {
                    return terminatedBy;
                }
                try {
                    wait(ROUND_MILLIS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IbisRuntimeException("interrupted while waiting for the pool to terminate", e);
                }
                if (terminatedBy != null) {
                    return terminatedBy;
                }
            }
            try {
                ipl.poolSize(); // throws once the registry is lost
            } catch (RegistryLostException e) {
                throw new IbisRuntimeException("waiting for the pool to terminate: " + e.getMessage(), e);
            } catch (IOException e) {
                throw new IbisRuntimeException("waiting for the pool to terminate: " + e.getMessage(), e);
            }
        }
    }

    @Override
    public Map<String, String> getManagementProperties() {
        return Map.of();
    }

    @Override
    public String getManagementProperty(String key) throws NoSuchPropertyException {
        throw new NoSuchPropertyException("the registry has no management property " + key);
    }

    @Override
    public void setManagementProperties(Map<String, String> properties) throws NoSuchPropertyException {
        if (!properties.isEmpty()) {
            throw new NoSuchPropertyException("the registry has no management properties to set");
        }
    }

    @Override
    public void setManagementProperty(String key, String value) throws NoSuchPropertyException {
        throw new NoSuchPropertyException("the registry has no management property " + key);
    }

    @Override
    public void printManagementProperties(PrintStream stream) {
    }
}
