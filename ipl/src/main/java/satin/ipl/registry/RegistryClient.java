package satin.ipl.registry;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import satin.ipl.IplException;
import satin.ipl.NodeIdentifier;
import satin.ipl.Registry;
import satin.ipl.RegistryEvent;
import satin.ipl.RegistryEventHandler;
import satin.ipl.RegistryLostException;

/**
 * A member's view of the pool, rebuilt from the pool's event stream (see the package overview). Events
 * are applied to the state and then handed to the upcall handler on one dispatcher thread; without a
 * handler they are kept for {@link #drainEvents()}. Subclasses carry requests to the pool.
 *
 * <p>Applying an event is idempotent: a member already known joining, an unknown member leaving or dying, a winner
 * announced again, a second closed or terminated event change nothing and reach no handler. A registry that takes
 * back a member which lost it (see {@link PoolState#rejoin}) tells it what it may have missed that way, and names a
 * member it knows only by id with a stub, which is replaced here by the member's identifier from the view.
 *
 * <p>A connection that a subclass is getting back ({@link #connectionInterrupted}, {@link #connectionRestored})
 * leaves the view as it is: queries answer from it, waits go on, and only requests that need the registry
 * (elections, signals, termination) fail meanwhile. Those two upcalls travel through the dispatcher too, in order
 * with the events.
 */
public abstract class RegistryClient implements Registry, EventSink, AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(RegistryClient.class);
    private static final RegistryEvent STOP = new RegistryEvent(RegistryEvent.Type.LEFT, null, "stop");
    /** Dispatcher markers (compared by identity) for the connection's loss and return. */
    private static final RegistryEvent UNAVAILABLE = new RegistryEvent(RegistryEvent.Type.LEFT, null, "unavailable");
    private static final RegistryEvent RESTORED = new RegistryEvent(RegistryEvent.Type.LEFT, null, "restored");

    private final RegistryEventHandler handler;
    private final int closedPoolSize;
    private final LinkedBlockingQueue<RegistryEvent> incoming = new LinkedBlockingQueue<>();
    private final ArrayDeque<RegistryEvent> downcalls = new ArrayDeque<>();
    private final List<NodeIdentifier> members = new ArrayList<>();
    private final Map<String, NodeIdentifier> winners = new HashMap<>();
    private final Thread dispatcher;
    private boolean closed;
    /** From the closed event: how many members had joined when the pool closed (-1: not closed, or not said). */
    private int joinedBeforeClose = -1;
    /** A member joining a running (malleable) pool: it waits for the closed event too, whatever its size. */
    private final boolean joinsRunning;
    private NodeIdentifier terminatedBy;
    private boolean terminated;
    private Throwable lost;
    /** Why the registry is unavailable while a subclass gets it back, or null. */
    private Throwable unavailable;
    /** The highest member id this member ever saw (never given again: see {@link PoolState#rejoin}). */
    private long highestId = -1;
    private volatile NodeIdentifier self;
    private volatile java.util.function.Consumer<NodeIdentifier> deathListener = n -> { };

    protected RegistryClient(RegistryEventHandler handler, int closedPoolSize, String threadName) {
        this(handler, closedPoolSize, false, threadName);
    }

    /** @param joinsRunning this member joins a running malleable pool ({@link JoinRequest#joinRunning}) */
    protected RegistryClient(RegistryEventHandler handler, int closedPoolSize, boolean joinsRunning,
            String threadName) {
        this.handler = handler;
        this.closedPoolSize = closedPoolSize;
        this.joinsRunning = joinsRunning;
        this.dispatcher = new Thread(this::dispatch, threadName);
        this.dispatcher.setDaemon(true);
        this.dispatcher.start();
    }

    /** Called once the pool assigned this member's identifier. */
    protected void joinedAs(NodeIdentifier id) {
        this.self = id;
    }

    public NodeIdentifier self() {
        return self;
    }

    /**
     * Waits until this member's own joined event has been applied, so that right after joining {@link
     * #members()} holds every member that joined before it, and itself.
     */
    public void awaitOwnJoin(long timeoutMillis) throws IOException {
        if (!await(() -> members.contains(self), timeoutMillis)) {
            throw new RegistryLostException("the registry did not report this node's own join within "
                    + timeoutMillis + " ms", null);
        }
    }

    /**
     * Told (on the event thread, before any upcall) about every member that died. Not about members that
     * left: their last messages may still be on the way.
     */
    public void onDeath(java.util.function.Consumer<NodeIdentifier> listener) {
        this.deathListener = listener;
    }

    @Override
    public void deliver(RegistryEvent event) {
        incoming.add(event);
    }

    /**
     * The connection to the pool is gone and the subclass tries to get it back: the view stays, requests that need
     * the registry fail, the handler hears {@code registryUnavailable}.
     */
    protected void connectionInterrupted(Throwable cause) {
        synchronized (this) {
            if (lost != null || unavailable != null) {
                return;
            }
            unavailable = cause;
            notifyAll();
        }
        log.warn("registry connection lost: {}; trying to get it back", cause.getMessage());
        incoming.add(UNAVAILABLE);
    }

    /** The member is back in its pool: events flow again, the handler hears {@code registryRestored}. */
    protected void connectionRestored() {
        Throwable was;
        synchronized (this) {
            was = unavailable;
            unavailable = null;
            notifyAll();
        }
        if (was != null) {
            log.info("registry connection back; this member is in its pool again");
            incoming.add(RESTORED);
        }
    }

    /** Whether the registry is unavailable now (a subclass is getting it back). */
    public synchronized boolean unavailable() {
        return unavailable != null && lost == null;
    }

    /** What this member tells a registry when it comes back: see {@link Rejoin}. */
    protected synchronized Rejoin rejoinState(byte[] registrationHash, boolean malleable, int heartbeatTimeoutMillis) {
        List<String> ids = new ArrayList<>();
        for (NodeIdentifier m : members) {
            ids.add(m.id());
        }
        if (self != null && !ids.contains(self.id())) {
            ids.add(self.id());
        }
        Map<String, String> won = new java.util.LinkedHashMap<>();
        winners.forEach((election, winner) -> won.put(election, winner.id()));
        return new Rejoin(self, registrationHash, closedPoolSize, malleable, joinedBeforeClose, terminated,
                Math.max(highestId, self == null ? 0 : idNumber(self)), ids, won, heartbeatTimeoutMillis);
    }

    private static long idNumber(NodeIdentifier n) {
        try {
            return Long.parseLong(n.id());
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /** The connection to the pool is gone: waiting calls throw, the handler is told once. */
    protected void connectionLost(Throwable cause) {
        synchronized (this) {
            if (lost != null) {
                return;
            }
            lost = cause;
            notifyAll();
        }
        log.warn("registry connection lost: {}", cause.getMessage());
        if (handler != null) {
            handler.registryLost(cause);
        }
    }

    private void dispatch() {
        try {
            while (true) {
                RegistryEvent taken = incoming.take();
                if (taken == STOP) {
                    return;
                }
                if (taken == UNAVAILABLE || taken == RESTORED) {
                    connectionUpcall(taken == RESTORED);
                    continue;
                }
                RegistryEvent e = apply(taken);
                if (e == null) {
                    continue; // no news (see the class comment)
                }
                if (e.type() == RegistryEvent.Type.DIED) {
                    deathListener.accept(e.node());
                }
                if (handler == null) {
                    synchronized (this) {
                        downcalls.add(e);
                        notifyAll();
                    }
                } else {
                    upcall(e);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void connectionUpcall(boolean restored) {
        if (handler == null) {
            return;
        }
        try {
            if (restored) {
                handler.registryRestored();
            } else {
                Throwable cause;
                synchronized (this) {
                    cause = unavailable;
                }
                handler.registryUnavailable(cause != null ? cause : new IplException("registry unavailable"));
            }
        } catch (RuntimeException ex) {
            log.error("registry event handler failed on the registry's {}", restored ? "return" : "loss", ex);
        }
    }

    /**
     * Applies an event to the view; returns it (its node replaced by the view's identifier for it) when it is news,
     * null when it changes nothing (see the class comment).
     */
    private synchronized RegistryEvent apply(RegistryEvent e) {
        RegistryEvent news = e;
        switch (e.type()) {
            case JOINED -> {
                if (members.contains(e.node())) {
                    return null;
                }
                members.add(e.node());
                highestId = Math.max(highestId, idNumber(e.node()));
            }
            case LEFT, DIED -> {
                NodeIdentifier known = known(e.node());
                if (known == null) {
                    return null;
                }
                members.remove(known);
                winners.values().removeIf(w -> w.equals(known));
                news = new RegistryEvent(e.type(), known, e.text());
            }
            case ELECTED -> {
                NodeIdentifier k = known(e.node());
                NodeIdentifier winner = k != null ? k : e.node();
                NodeIdentifier before = winners.get(e.text());
                if (winner.equals(before)) {
                    return null;
                }
                winners.put(e.text(), winner);
                news = new RegistryEvent(e.type(), winner, e.text());
            }
            case POOL_CLOSED -> {
                if (closed) {
                    return null;
                }
                closed = true;
                joinedBeforeClose = parseCount(e.text());
            }
            case TERMINATED -> {
                if (terminated) {
                    return null;
                }
                terminated = true;
                terminatedBy = e.node();
            }
            case SIGNAL -> {
            }
        }
        notifyAll();
        return news;
    }

    /** The view's identifier equal to {@code node} (same pool and id), or null. */
    private NodeIdentifier known(NodeIdentifier node) {
        for (NodeIdentifier m : members) {
            if (m.equals(node)) {
                return m;
            }
        }
        return null;
    }

    private void upcall(RegistryEvent e) {
        try {
            switch (e.type()) {
                case JOINED -> handler.joined(e.node());
                case LEFT -> handler.left(e.node());
                case DIED -> handler.died(e.node());
                case ELECTED -> handler.electionResult(e.text(), e.node());
                case SIGNAL -> handler.gotSignal(e.text(), e.node());
                case POOL_CLOSED -> handler.poolClosed();
                case TERMINATED -> handler.poolTerminated(e.node());
            }
        } catch (RuntimeException ex) {
            log.error("registry event handler failed on {}", e, ex);
        }
    }

    protected synchronized void checkAlive() throws RegistryLostException {
        if (lost != null) {
            throw new RegistryLostException("registry connection lost: " + lost.getMessage(), lost);
        }
    }

    /** For requests that need the registry now: also while it is unavailable. */
    protected synchronized void checkConnected() throws RegistryLostException {
        checkAlive();
        if (unavailable != null) {
            throw new RegistryLostException("the registry is unavailable (" + unavailable.getMessage()
                    + "); this member is trying to get it back", unavailable);
        }
    }

    /** Waits for a condition on the state; false on timeout; throws if the registry is lost. */
    private synchronized boolean await(java.util.function.BooleanSupplier condition, long timeoutMillis)
            throws IOException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        while (!condition.getAsBoolean()) {
            checkAlive();
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return false;
            }
            try {
                TimeUnit.NANOSECONDS.timedWait(this, left);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while waiting for the registry", e);
            }
        }
        return true;
    }

    @Override
    public synchronized List<NodeIdentifier> members() throws IOException {
        checkAlive();
        return List.copyOf(members);
    }

    @Override
    public synchronized int poolSize() throws IOException {
        checkAlive();
        return members.size();
    }

    @Override
    public int closedPoolSize() {
        return closedPoolSize;
    }

    private static int parseCount(String text) {
        try {
            return text == null ? -1 : Integer.parseInt(text);
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    @Override
    public synchronized int joinedBeforeClose() {
        return joinedBeforeClose;
    }

    @Override
    public boolean waitUntilPoolClosed(long timeoutMillis) throws IOException {
        if (closedPoolSize <= 0 && !joinsRunning) {
            throw new IllegalStateException("the pool is open (ipl.pool.size=0); it never closes");
        }
        return await(() -> closed, timeoutMillis);
    }

    @Override
    public NodeIdentifier elect(String election) throws IOException {
        checkConnected();
        sendElect(election);
        if (!await(() -> winners.containsKey(election), electionReplyTimeoutMillis())) {
            checkAlive();
            throw new RegistryLostException("no election result for '" + election + "' from the registry",
                    null);
        }
        synchronized (this) {
            return winners.get(election);
        }
    }

    @Override
    public NodeIdentifier getElectionResult(String election, long timeoutMillis) throws IOException {
        await(() -> winners.containsKey(election), timeoutMillis);
        synchronized (this) {
            return winners.get(election);
        }
    }

    @Override
    public void signal(String signal, NodeIdentifier... targets) throws IOException {
        checkConnected();
        sendSignal(signal, List.of(targets));
    }

    @Override
    public void terminate() throws IOException {
        checkConnected();
        sendTerminate();
    }

    @Override
    public boolean waitUntilTerminated(long timeoutMillis) throws IOException {
        return await(() -> terminated, timeoutMillis);
    }

    @Override
    public synchronized List<RegistryEvent> drainEvents() {
        List<RegistryEvent> out = new ArrayList<>(downcalls);
        downcalls.clear();
        return out;
    }

    @Override
    public synchronized List<RegistryEvent> waitForEvents(long timeoutMillis) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        while (downcalls.isEmpty()) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                break;
            }
            TimeUnit.NANOSECONDS.timedWait(this, left);
        }
        return drainEvents();
    }

    /** Leaves the pool and stops the dispatcher after the events received so far. */
    @Override
    public void close() {
        try {
            sendLeave();
        } catch (IOException | RuntimeException e) {
            log.debug("leave failed", e);
        }
        incoming.add(STOP);
        disconnect();
        try {
            dispatcher.join(2000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    protected abstract long electionReplyTimeoutMillis();

    protected abstract void sendElect(String election) throws IOException;

    protected abstract void sendSignal(String signal, List<NodeIdentifier> targets) throws IOException;

    protected abstract void sendTerminate() throws IOException;

    protected abstract void sendLeave() throws IOException;

    protected abstract void disconnect();
}
