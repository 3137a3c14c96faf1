package satin.runtime.node.membership;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import satin.ipl.NodeIdentifier;

/**
 * One node's view of the pool: every member it knows, by number, each with its {@link MemberState}, and the master,
 * which is <em>derived</em> from those states (the first live member by {@link #RANKING}) and never stored beside
 * them, so it cannot disagree with them.
 *
 * <h2>Numbers</h2>
 * A member's number is its pool id, the registry's join sequence number ({@link NodeIdentifier#id()}): the same at
 * every node without a message, dense (0, 1, 2, ...), and kept by a member that died. Members that joined before the
 * pool closed ({@link #closedWith}) are the <em>initial</em> members; later ones are <em>joiners</em>. A node learns
 * members from the registry's joined events and from the origin of every message it receives.
 *
 * <h2>Steps</h2>
 * The view changes only by steps that move one member along {@link MemberState}'s allowed transitions:
 * {@link #learn} (JOINING), {@link #ready}, {@link #leaving}, {@link #left}, and {@link #observe}, which reports an
 * {@link Observation} (the registry says died, a link broke) to the {@link Downing} rule that alone decides DEAD.
 * Each step returns a {@link Change} with the master before and after it. A step that is not allowed (a second
 * death, a DEAD member that reports ready) changes nothing.
 *
 * <h2>Threads</h2>
 * Any thread may read. In a node one thread steps: its protocol loop ({@link #ownedBy}; the node package's overview
 * says why); a view without an owner may be stepped by any thread. The view is an immutable {@link Snapshot} in a volatile field; a step builds the next
 * snapshot (master and victims included) under this object's monitor and publishes it, so readers never lock and see
 * either the old or the new view, each complete and consistent; steps on two threads happen in one order, and each
 * one's {@link Change} tells exactly what it did. The monitor is held for the copy only: no callback, no I/O, no wait
 * (the ranking is a pure function of the members).
 */
public final class PoolView {

    /** One member as this node knows it. {@code id} may be null only in views built by tests. */
    public record Member(int number, NodeIdentifier id, MemberState state, boolean joiner, Observation lastObservation,
            long goneAtMillis) {

        Member with(MemberState next, Observation observation, long now) {
            // the moment it went is when it became gone: a later observation of a gone member keeps it
            return new Member(number, id, next, joiner, observation == null ? lastObservation : observation,
                    next.gone() && !state.gone() ? now : goneAtMillis);
        }
    }

    /**
     * Who runs {@code main}: the live initial member whose location sorts first (node0@cluster0 in a local run:
     * predictable, so that faults can be injected into chosen non-master nodes); when every initial member is gone,
     * the joiner that joined first. Every node that knows the same states chooses the same master without a message.
     */
    public static final Comparator<Member> RANKING = Comparator.comparing(Member::joiner)
            .thenComparing(m -> m.joiner() || m.id() == null ? "" : m.id().location().toString())
            .thenComparingInt(Member::number);

    /** The view at one moment: members by number, the READY ones (victims), the master derived from the states. */
    private record Snapshot(Map<Integer, Member> members, List<Integer> victims, int master, int initialCount) {
    }

    private final Comparator<Member> ranking;
    private volatile Snapshot now = new Snapshot(Map.of(), List.of(), -1, Integer.MAX_VALUE);
    /** Whether the calling thread owns the view's steps (see {@link #ownedBy}). */
    private volatile java.util.function.BooleanSupplier owner = () -> true;

    public PoolView() {
        this(RANKING);
    }

    /** @param ranking who is master among the live members: the first by this order (tests order otherwise) */
    public PoolView(Comparator<Member> ranking) {
        this.ranking = ranking;
    }

    /**
     * Names the one owner of this view's steps (a node's protocol loop): with assertions on, a step taken on another
     * thread fails. Without a call, any thread may step (unit tests drive the view from several threads; the monitor
     * keeps them apart). Set before the first step.
     */
    public void ownedBy(java.util.function.BooleanSupplier owner) {
        this.owner = owner;
    }

    /** The node number of a member: its pool id. */
    public static int numberOf(NodeIdentifier id) {
        try {
            return Integer.parseInt(id.id());
        } catch (NumberFormatException e) {
            throw new IllegalStateException("the registry gave node " + id + " an id that is no join sequence number",
                    e);
        }
    }

    // ---- steps ----

    /** The pool closed with {@code count} members: those numbered below it are the initial ones. */
    public synchronized void closedWith(int count) {
        Snapshot s = now;
        Map<Integer, Member> members = new TreeMap<>();
        s.members.values().forEach(m -> members.put(m.number, new Member(m.number, m.id, m.state, m.number >= count,
                m.lastObservation, m.goneAtMillis)));
        publish(members, count);
    }

    /** Notes a member (JOINING); true when it was not known yet. */
    public boolean learn(NodeIdentifier id) {
        return learn(numberOf(id), id);
    }

    /** Notes member {@code number} (JOINING); true when it was not known yet. */
    public synchronized boolean learn(int number, NodeIdentifier id) {
        Snapshot s = now;
        if (s.members.containsKey(number)) {
            return false;
        }
        Map<Integer, Member> members = new TreeMap<>(s.members);
        members.put(number, new Member(number, id, MemberState.JOINING, number >= s.initialCount, null, 0));
        publish(members, s.initialCount);
        return true;
    }

    /** Member {@code number} is connected and ready: a victim, and a destination of the run's broadcasts. */
    public Change ready(int number) {
        return step(number, MemberState.READY, null);
    }

    /** Member {@code number} is leaving gracefully: no new steal requests go to it. */
    public Change leaving(int number) {
        return step(number, MemberState.LEAVING, null);
    }

    /** Member {@code number} left gracefully, holding nothing of the run. */
    public Change left(int number) {
        return step(number, MemberState.LEFT, null);
    }

    /** Reports what this node noticed about member {@code number}; the {@link Downing} rule decides whether it is DEAD. */
    public Change observe(int number, Observation observation, Downing downing) {
        synchronized (this) {
            Member m = now.members.get(number);
            if (m != null && downing.down(m.state, observation)) {
                return step(number, MemberState.DEAD, observation);
            }
            int master = now.master;
            if (m == null) {
                return new Change(number, null, null, master, master);
            }
            Map<Integer, Member> members = new TreeMap<>(now.members);
            members.put(number, m.with(m.state, observation, 0)); // kept, no verdict
            publish(members, now.initialCount);
            return new Change(number, m.state, m.state, master, master);
        }
    }

    private synchronized Change step(int number, MemberState next, Observation observation) {
        Snapshot s = now;
        Member m = s.members.get(number);
        if (m == null || !m.state.canBecome(next)) {
            MemberState state = m == null ? null : m.state;
            return new Change(number, state, state, s.master, s.master);
        }
        Map<Integer, Member> members = new TreeMap<>(s.members);
        members.put(number, m.with(next, observation, System.currentTimeMillis()));
        Snapshot after = publish(members, s.initialCount);
        return new Change(number, m.state, next, s.master, after.master);
    }

    /** Builds and publishes the next snapshot; the caller holds the monitor. */
    private Snapshot publish(Map<Integer, Member> members, int initialCount) {
        assert owner.getAsBoolean() : "a step of the pool view on " + Thread.currentThread().getName()
                + ", not on its owner (the node's protocol loop)";
        List<Integer> victims = new ArrayList<>();
        Member master = null;
        for (Member m : members.values()) {
            if (m.state == MemberState.READY) {
                victims.add(m.number);
            }
            if (!m.state.gone() && (master == null || ranking.compare(m, master) < 0)) {
                master = m;
            }
        }
        List<Integer> previous = now.victims;
        Snapshot s = new Snapshot(Collections.unmodifiableMap(members),
                previous.equals(victims) ? previous : List.copyOf(victims), // same list: MemberVictims keeps its draws
                master == null ? -1 : master.number, initialCount);
        now = s;
        return s;
    }

    // ---- reads (no lock) ----

    /** The master as this view has it now: the first live member by the ranking; -1 when none is known. */
    public int master() {
        return now.master;
    }

    /** The members' numbers in the order of succession (the master first), by the members as they are now. */
    public Comparator<Integer> rankOrder() {
        Map<Integer, Member> members = now.members;
        return (a, b) -> ranking.compare(members.get(a), members.get(b));
    }

    /** How many members joined before the pool closed (everybody, until it is known). */
    public int initialCount() {
        return now.initialCount;
    }

    /** Whether member {@code number} joined the running pool (after it closed). */
    public boolean isJoiner(int number) {
        return number >= now.initialCount;
    }

    /** The member numbered {@code number}, or null when this node never heard of it. */
    public NodeIdentifier get(int number) {
        Member m = now.members.get(number);
        return m == null ? null : m.id;
    }

    /** The state of member {@code number}, or null when unknown. */
    public MemberState state(int number) {
        Member m = now.members.get(number);
        return m == null ? null : m.state;
    }

    /** The last observation reported of member {@code number} (why it is DEAD, when it is), or null. */
    public Observation lastObservation(int number) {
        Member m = now.members.get(number);
        return m == null ? null : m.lastObservation;
    }

    /** Whether member {@code number} is gone (LEFT or DEAD). */
    public boolean isGone(int number) {
        MemberState s = state(number);
        return s != null && s.gone();
    }

    /** Whether member {@code number} is READY. */
    public boolean isReady(int number) {
        return state(number) == MemberState.READY;
    }

    /** Every member this node knows of (the gone ones too), in number order. */
    public List<Integer> numbers() {
        return new ArrayList<>(now.members.keySet());
    }

    /** Every member this node knows of, in number order. */
    public List<NodeIdentifier> identifiers() {
        List<NodeIdentifier> ids = new ArrayList<>();
        now.members.values().forEach(m -> ids.add(m.id));
        return ids;
    }

    /** The READY members, in number order (an immutable snapshot): the victims and destinations of the run. */
    public List<Integer> victims() {
        return now.victims;
    }

    /** The members in state {@code state}. */
    public Set<Integer> inState(MemberState state) {
        Set<Integer> out = new TreeSet<>();
        now.members.values().forEach(m -> {
            if (m.state == state) {
                out.add(m.number);
            }
        });
        return out;
    }

    /** The members gone (LEFT or DEAD). */
    public Set<Integer> gone() {
        Set<Integer> out = new TreeSet<>();
        now.members.values().forEach(m -> {
            if (m.state.gone()) {
                out.add(m.number);
            }
        });
        return out;
    }

    /** The members DEAD, with when this node learned it (epoch milliseconds). */
    public Map<Integer, Long> detections() {
        Map<Integer, Long> out = new HashMap<>();
        now.members.values().forEach(m -> {
            if (m.state == MemberState.DEAD) {
                out.put(m.number, m.goneAtMillis);
            }
        });
        return out;
    }
}
