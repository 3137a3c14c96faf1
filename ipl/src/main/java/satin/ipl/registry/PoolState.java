package satin.ipl.registry;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

import satin.ipl.NodeIdentifier;
import satin.ipl.RegistryEvent;
import satin.ipl.RegistryEvent.Type;

/** One pool's membership and elections; see the package overview. Thread-safe (a monitor). */
public final class PoolState {
    private final String name;
    private final Map<NodeIdentifier, EventSink> members = new LinkedHashMap<>();
    private final Map<String, Election> elections = new LinkedHashMap<>();
    private byte[] registrationHash;
    private int closedSize = -1;
    /** Members the pool closes without: declared by the pool size, but their start failed (see leaveOut). */
    private int leftOut;
    private boolean closed;
    /** Whether the pool admits members after it closed (set by its first member). */
    private boolean malleable;
    /** When closed: the number of members that had joined by then (ids 0 .. joinedBeforeClose-1). */
    private long joinedBeforeClose = -1;
    private boolean terminated;
    private long nextId;

    private static final class Election {
        NodeIdentifier winner;
        final LinkedHashSet<NodeIdentifier> candidates = new LinkedHashSet<>();
    }

    public PoolState(String name) {
        this.name = name;
    }

    public String name() {
        return name;
    }

    /**
     * Admits a member: it first gets the history it needs (joined events of all current members, itself
     * last, the current election winners, closed) and every other member gets its joined event. Ids are the
     * pool's join sequence numbers 0, 1, 2, ... (a refused join takes none).
     *
     * <p>A malleable pool closes like a closed one (its closed event says how many members had joined by then)
     * and then goes on admitting members: those that ask to join a running pool ({@link JoinRequest#joinRunning}),
     * whatever its size, and no others. A member joining before it closed counts towards closing it.
     */
    public synchronized NodeIdentifier join(JoinRequest request, EventSink sink) throws JoinRefusedException {
        if (terminated) {
            throw new JoinRefusedException("pool '" + name + "' has terminated");
        }
        if (registrationHash == null) {
            if (request.joinRunning()) {
                throw new JoinRefusedException("pool '" + name + "' is not running: a node can join a running pool "
                        + "only (start the run first, or give its size instead of joining)");
            }
            registrationHash = request.registrationHash().clone();
            closedSize = request.closedPoolSize();
            malleable = request.malleable() && closedSize > 0;
        } else if (!Arrays.equals(registrationHash, request.registrationHash())) {
            throw new JoinRefusedException("pool '" + name + "' uses a different Kryo registration list"
                    + " (ipl.serialization.classes must be identical on every node)");
        } else if (request.joinRunning()) {
            if (!malleable) {
                throw new JoinRefusedException("pool '" + name + "' takes no late members (it was started "
                        + (closedSize > 0 ? "closed at " + closedSize + " members" : "open") + ", not malleable)");
            }
        } else if (closedSize != request.closedPoolSize()) {
            throw new JoinRefusedException("pool '" + name + "' has ipl.pool.size=" + closedSize
                    + ", the joining node says " + request.closedPoolSize());
        } else if (malleable != request.malleable()) {
            throw new JoinRefusedException("pool '" + name + "' is " + (malleable ? "" : "not ")
                    + "malleable, the joining node says otherwise (ipl.pool.malleable must be the same on every node)");
        }
        if (!request.joinRunning() && (closed || (closedSize > 0 && members.size() >= closedSize - leftOut))) {
            throw new JoinRefusedException("pool '" + name + "' is closed at " + (closedSize - leftOut) + " members"
                    + (malleable ? " (a late node must ask to join the running pool)" : ""));
        }
        NodeIdentifier id = new NodeIdentifier(name, Long.toString(nextId++), request.location(),
                request.implementation(), request.address());
        for (NodeIdentifier m : members.keySet()) {
            sink.deliver(new RegistryEvent(Type.JOINED, m, null));
        }
        members.put(id, sink);
        broadcast(new RegistryEvent(Type.JOINED, id, null));
        elections.forEach((election, e) -> {
            if (e.winner != null) {
                sink.deliver(new RegistryEvent(Type.ELECTED, e.winner, election));
            }
        });
        if (closed) {
            sink.deliver(closedEvent()); // a late member: the pool it joins is running
        }
        closeIfComplete();
        return id;
    }

    /** The closed event: its text is the number of members that had joined when the pool closed. */
    private RegistryEvent closedEvent() {
        return new RegistryEvent(Type.POOL_CLOSED, null, Long.toString(joinedBeforeClose));
    }

    /**
     * Lets the pool close with one member fewer than its declared size ({@code ipl.pool.size}): one that will not
     * come, because its start failed (e.g. it could not prove the pool secret); whoever started the members knows
     * that, the registry does not. If every other expected member is there, the pool closes now.
     *
     * @return false when the pool has closed (or terminated) already: then it is too late
     */
    public synchronized boolean leaveOut() {
        if (closed || terminated) {
            return false;
        }
        leftOut++;
        closeIfComplete();
        return true;
    }

    private void closeIfComplete() {
        if (!closed && closedSize > 0 && members.size() >= closedSize - leftOut) {
            closed = true;
            joinedBeforeClose = nextId;
            broadcast(closedEvent());
        }
    }

    /** Whether the pool closed at some time (it may have emptied since). */
    public synchronized boolean hasClosed() {
        return closed;
    }

    public synchronized void leave(NodeIdentifier member) {
        remove(member, Type.LEFT);
    }

    public synchronized void died(NodeIdentifier member) {
        remove(member, Type.DIED);
    }

    private void remove(NodeIdentifier member, Type why) {
        if (members.remove(member) == null) {
            return;
        }
        broadcast(new RegistryEvent(why, member, null));
        elections.forEach((election, e) -> {
            e.candidates.remove(member);
            if (member.equals(e.winner)) {
                e.winner = e.candidates.isEmpty() ? null : e.candidates.iterator().next();
                if (e.winner != null) {
                    broadcast(new RegistryEvent(Type.ELECTED, e.winner, election));
                }
            }
        });
    }

    /** Makes the member a candidate; announces a winner if there was none. Returns the winner. */
    public synchronized NodeIdentifier elect(NodeIdentifier member, String election) {
        if (!members.containsKey(member)) {
            return null;
        }
        Election e = elections.computeIfAbsent(election, k -> new Election());
        e.candidates.add(member);
        if (e.winner == null) {
            e.winner = member;
            broadcast(new RegistryEvent(Type.ELECTED, member, election));
        }
        return e.winner;
    }

    /** Sends a signal to the given members, or to all when targets is empty. */
    public synchronized void signal(NodeIdentifier source, String signal, List<NodeIdentifier> targets) {
        RegistryEvent event = new RegistryEvent(Type.SIGNAL, source, signal);
        if (targets.isEmpty()) {
            broadcast(event);
            return;
        }
        for (NodeIdentifier t : targets) {
            EventSink s = members.get(t);
            if (s != null) {
                s.deliver(event);
            }
        }
    }

    public synchronized void terminate(NodeIdentifier source) {
        if (!terminated) {
            terminated = true;
            broadcast(new RegistryEvent(Type.TERMINATED, source, null));
        }
    }

    public synchronized List<NodeIdentifier> members() {
        return new ArrayList<>(members.keySet());
    }

    public synchronized boolean isEmpty() {
        return members.isEmpty();
    }

    private void broadcast(RegistryEvent event) {
        for (EventSink s : members.values()) {
            s.deliver(event);
        }
    }
}
