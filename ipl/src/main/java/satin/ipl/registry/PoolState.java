package satin.ipl.registry;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import satin.ipl.Location;
import satin.ipl.NodeIdentifier;
import satin.ipl.RegistryEvent;
import satin.ipl.RegistryEvent.Type;

/**
 * One pool's membership and elections; see the package overview. Thread-safe (a monitor).
 *
 * <p><b>Members that come back ({@link #rejoin}).</b> A member that lost its registry connection (with {@code
 * ipl.registry.reconnect}) comes back as the member it was. A pool that still holds it takes it back and brings its
 * view up to date; one that declared it dead meanwhile refuses it. A registry that was restarted has no state: the
 * first member to come back rebuilds the pool from its own state (declared size, registration list, closed, the
 * highest id it saw, election winners), and every member it lists becomes <i>expected</i>. An expected member that
 * does not come back within the grace (the longest heartbeat timeout of those that came back, at least {@value
 * #MIN_GRACE_MILLIS} ms: a member that lives reconnects well within it) is declared dead ({@link #expire}), as the
 * old registry would have. Ids are never given twice: a rebuilt pool gives new members ids above every id any member
 * saw, and a member that left or died is never taken back.
 */
public final class PoolState {
    /** The least time a rebuilt pool waits for an expected member before declaring it dead. */
    static final long MIN_GRACE_MILLIS = 2_000;
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
    /** Ids of members that left or died: never taken back, never given again. */
    private final Set<String> gone = new HashSet<>();
    /** Members another member listed when it came back, that have not come back themselves: id to deadline (ns). */
    private final Map<String, Long> expected = new LinkedHashMap<>();
    /** Election winners a rebuilt pool expects back: election to id. */
    private final Map<String, String> expectedWinners = new LinkedHashMap<>();

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
     * whatever its size, and no others. One that asks before the pool closed is refused for now ({@link
     * JoinRefusedException#notYet}): it would take the seat of an initial member still starting, which the pool
     * would then refuse.
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
            if (!closed) {
                // a late member never takes the seat of an initial one still starting: it joins once the pool runs
                throw new JoinRefusedException("pool '" + name + "' has not started yet (" + members.size() + " of "
                        + (closedSize - leftOut) + " members): a node joins a running pool once it runs", true);
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

    /**
     * As {@link #leave} and {@link #died}, for the member's connection {@code sink}: nothing happens when the member
     * came back on another connection since (the old one's end is then no news).
     */
    public synchronized void ended(NodeIdentifier member, EventSink sink, boolean left) {
        if (members.get(member) == sink) {
            remove(member, left ? Type.LEFT : Type.DIED);
        }
    }

    private void remove(NodeIdentifier member, Type why) {
        if (members.remove(member) == null) {
            return;
        }
        gone.add(member.id());
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

    /**
     * Takes back a member that lost its registry (see the class comment), or rebuilds the pool from it when this pool
     * has no state (a restarted registry). The member first gets what it needs to bring its view up to date: the
     * members it does not know (JOINED), those of its list that are gone (DIED), the election winners, closed and
     * terminated; its client ignores what it knew. The others hear of it only if none of them expected it.
     *
     * @throws JoinRefusedException when it left or was declared dead meanwhile, or belongs to another run
     */
    public synchronized NodeIdentifier rejoin(Rejoin r, EventSink sink, long nowNanos) throws JoinRefusedException {
        NodeIdentifier self = r.self();
        String id = self.id();
        long number;
        try {
            number = Long.parseLong(id);
        } catch (NumberFormatException e) {
            throw new JoinRefusedException("member id '" + id + "' of pool '" + name + "' is not a pool's id");
        }
        if (registrationHash == null) {
            registrationHash = r.registrationHash().clone(); // a restarted registry: rebuilt from this member's state
            closedSize = r.closedPoolSize();
            malleable = r.malleable();
        } else if (!Arrays.equals(registrationHash, r.registrationHash())) {
            throw new JoinRefusedException("pool '" + name + "' uses a different Kryo registration list: member " + self
                    + " belongs to another run of that name");
        }
        if (gone.contains(id)) {
            throw new JoinRefusedException("member " + self + " of pool '" + name + "' was declared dead while it was "
                    + "away from the registry; the pool went on without it");
        }
        nextId = Math.max(nextId, Math.max(r.highestId(), number) + 1);
        if (!closed && r.joinedBeforeClose() >= 0) {
            closed = true;
            joinedBeforeClose = r.joinedBeforeClose();
        }
        boolean known = members.containsKey(self) || expected.containsKey(id);
        members.put(self, sink); // a member already here came back on a new connection: that one is its sink now
        expected.remove(id);
        long deadline = nowNanos + TimeUnit.MILLISECONDS.toNanos(Math.max(MIN_GRACE_MILLIS,
                r.heartbeatTimeoutMillis()));
        for (String m : r.memberIds()) {
            if (!m.equals(id) && !gone.contains(m) && member(m) == null) {
                expected.merge(m, deadline, Math::max);
            }
        }
        r.winners().forEach((election, winnerId) -> {
            Election e = elections.computeIfAbsent(election, k -> new Election());
            if (e.winner == null && !gone.contains(winnerId)) {
                e.winner = member(winnerId);
                if (e.winner == null) {
                    expectedWinners.putIfAbsent(election, winnerId);
                }
            }
        });
        expectedWinners.entrySet().removeIf(w -> {
            if (!w.getValue().equals(id)) {
                return false;
            }
            elections.computeIfAbsent(w.getKey(), k -> new Election()).winner = self;
            return true;
        });
        for (NodeIdentifier m : members.keySet()) {
            if (!m.equals(self)) {
                sink.deliver(new RegistryEvent(Type.JOINED, m, null));
            }
        }
        for (String m : r.memberIds()) {
            if (gone.contains(m)) {
                sink.deliver(new RegistryEvent(Type.DIED, stub(m), null));
            }
        }
        elections.forEach((election, e) -> {
            if (e.winner != null) {
                sink.deliver(new RegistryEvent(Type.ELECTED, e.winner, election));
            }
        });
        if (closed) {
            sink.deliver(closedEvent());
        }
        if (r.terminated() && !terminated) {
            terminated = true;
            broadcast(new RegistryEvent(Type.TERMINATED, self, null));
        } else if (terminated) {
            sink.deliver(new RegistryEvent(Type.TERMINATED, null, null));
        }
        if (!known) {
            for (Map.Entry<NodeIdentifier, EventSink> m : members.entrySet()) {
                if (!m.getKey().equals(self)) {
                    m.getValue().deliver(new RegistryEvent(Type.JOINED, self, null));
                }
            }
        }
        return self;
    }

    /**
     * Declares dead the expected members whose grace has passed (see the class comment).
     *
     * @return whether any was
     */
    public synchronized boolean expire(long nowNanos) {
        boolean any = false;
        for (Iterator<Map.Entry<String, Long>> it = expected.entrySet().iterator(); it.hasNext(); ) {
            Map.Entry<String, Long> e = it.next();
            if (nowNanos - e.getValue() >= 0) {
                it.remove();
                gone.add(e.getKey());
                expectedWinners.values().remove(e.getKey());
                broadcast(new RegistryEvent(Type.DIED, stub(e.getKey()), null));
                any = true;
            }
        }
        return any;
    }

    /** Whether members are expected back (a rebuilt pool in its grace). */
    public synchronized boolean expecting() {
        return !expected.isEmpty();
    }

    private NodeIdentifier member(String id) {
        for (NodeIdentifier m : members.keySet()) {
            if (m.id().equals(id)) {
                return m;
            }
        }
        return null;
    }

    /**
     * A member known by its id only (an expected member of a rebuilt pool, declared dead before it came back):
     * members find their own full identifier for it by its id (identifiers are equal by pool and id).
     */
    private NodeIdentifier stub(String id) {
        return new NodeIdentifier(name, id, Location.of("unknown"), "", new byte[0]);
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

    /** Whether the pool has no member, none expected back either. */
    public synchronized boolean isEmpty() {
        return members.isEmpty() && expected.isEmpty();
    }

    private void broadcast(RegistryEvent event) {
        for (EventSink s : members.values()) {
            s.deliver(event);
        }
    }
}
