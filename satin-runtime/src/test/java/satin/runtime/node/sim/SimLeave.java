package satin.runtime.node.sim;

import java.util.HashSet;
import java.util.Set;
import satin.runtime.node.wire.Message;

/**
 * A simulated node's graceful leave, as {@code GracefulLeave} does it: no new steal requests; once the node holds
 * nothing of another node, it stops, says LEAVING to every live member and is out once each has confirmed (LEAVE_ACK)
 * or is gone, or after the run's timeout. Given up when the node becomes the master meanwhile.
 */
final class SimLeave {

    private final SimNode node;
    private final World world;
    private boolean leaving;
    /** The members told LEAVING; null until then. */
    private Set<Integer> told;
    private final Set<Integer> acks = new HashSet<>();

    SimLeave(SimNode node, World world) {
        this.node = node;
        this.world = world;
    }

    boolean leaving() {
        return leaving;
    }

    void begin() {
        leaving = true;
        node.stealing.beginLeave();
    }

    /** The node became the master: it stays. */
    void givenUp() {
        leaving = false;
    }

    /** The node's worker found no work: when the node holds nothing any more, it stops and says LEAVING. */
    void whenIdle() {
        if (told != null || !node.stealing.holdsNothing()) {
            return;
        }
        node.stop();
        told = new HashSet<>();
        for (int peer : node.view.victims()) {
            if (peer != node.number && node.send(peer, new Message.Leaving(node.number))) {
                told.add(peer);
            }
        }
        world.at(world.now() + Scenario.STEAL_TIMEOUT, () -> node.on(node::exit));
        check();
    }

    void acked(int from) {
        acks.add(from);
        check();
    }

    /** Out once every member told has confirmed or is gone. */
    void check() {
        if (told != null && told.stream().allMatch(p -> acks.contains(p) || node.recovery.isDead(p))) {
            node.exit();
        }
    }
}
