package satin.runtime.node;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;
import satin.ipl.NodeIdentifier;

/**
 * The members of a run's pool as this node knows them, by node number, in a table that grows while the run goes on
 * (an open pool: nodes join a running run).
 *
 * <h2>Numbers</h2>
 * A node's number is its pool id, the registry's join sequence number ({@link NodeIdentifier#id()}): the same at
 * every node without a message, dense (0, 1, 2, ...), and kept by a node that died. The members that joined before the
 * pool closed ({@link #initialCount}, the registry's closed event says how many) are the <em>initial</em> members; the
 * others are <em>joiners</em>. A node learns members from the registry's joined events and from the origin of every
 * message it receives (a message from a joiner may overtake the registry's event), so a number it is asked about is
 * always known once a message named it.
 *
 * <h2>Victims</h2>
 * A member becomes a <em>victim</em> (a node this one sends steal requests and broadcasts to) once a link to it
 * exists and it is ready to answer: initial members after the warm-up; between a joiner and an older member, once the
 * older one has connected to the joiner and sent it its welcome (see {@code SatinNode}). {@link #victims} is the
 * current list, published as an immutable snapshot.
 *
 * <p>Threads: the registry's event thread, the message upcall thread, workers and the welcome threads all read and
 * add; the maps are concurrent and the victim snapshot is a volatile immutable list replaced under this object's
 * monitor, so a reader sees either the old or the new list, each complete.
 */
final class Membership {

    private final ConcurrentSkipListMap<Integer, NodeIdentifier> byNumber = new ConcurrentSkipListMap<>();
    private final Set<Integer> ready = ConcurrentHashMap.newKeySet();
    private volatile List<Integer> victims = List.of();
    private volatile int initialCount = Integer.MAX_VALUE;

    /** The node number of a member: its pool id. */
    static int numberOf(NodeIdentifier id) {
        try {
            return Integer.parseInt(id.id());
        } catch (NumberFormatException e) {
            throw new IllegalStateException("the registry gave node " + id + " an id that is no join sequence number",
                    e);
        }
    }

    /** The pool closed with {@code count} members (those numbered below it are the initial ones). */
    void closedWith(int count) {
        initialCount = count;
    }

    /** How many members joined before the pool closed (everybody, until it is known). */
    int initialCount() {
        return initialCount;
    }

    /** Whether node {@code number} joined the running pool (after it closed). */
    boolean isJoiner(int number) {
        return number >= initialCount;
    }

    /** Notes a member; true when it was not known yet. */
    boolean learn(NodeIdentifier id) {
        return byNumber.putIfAbsent(numberOf(id), id) == null;
    }

    /** The member numbered {@code number}, or null when this node never heard of it. */
    NodeIdentifier get(int number) {
        return byNumber.get(number);
    }

    /** Every member this node knows of (the dead ones too), in number order. */
    List<Integer> numbers() {
        return new ArrayList<>(byNumber.keySet());
    }

    /** Every member this node knows of, in number order. */
    List<NodeIdentifier> identifiers() {
        return new ArrayList<>(byNumber.values());
    }

    /** Member {@code number} is reachable and ready: steal from it, tell it what concerns the run. */
    synchronized void ready(int number) {
        if (ready.add(number)) {
            List<Integer> next = new ArrayList<>(ready);
            next.sort(null);
            victims = List.copyOf(next);
        }
    }

    boolean isReady(int number) {
        return ready.contains(number);
    }

    /** The ready members, in number order (an immutable snapshot). */
    List<Integer> victims() {
        return victims;
    }
}
