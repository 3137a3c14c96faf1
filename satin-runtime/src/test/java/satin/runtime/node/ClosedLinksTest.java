package satin.runtime.node;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import satin.ipl.Location;
import satin.ipl.NodeIdentifier;
import satin.ipl.Reachability;
import satin.ipl.ReceivePortIdentifier;
import satin.ipl.SendPortIdentifier;
import satin.runtime.node.membership.Downing;
import satin.runtime.node.membership.MemberState;
import satin.runtime.node.membership.Observation;
import satin.runtime.node.membership.PoolView;

/**
 * A link that closed by itself reaches the pool view at once as an observation; while the registry is up it is not a
 * verdict, while the registry is gone a refused probe of the member's address makes it one, also for a link that
 * closed just before the outage began (a rank 0 killed with the registry in it). Every wait is for an event: an
 * observation reported, or a probe asked; what did not happen is checked once a later event shows the one thread of
 * {@link ClosedLinks} has passed it.
 */
@Timeout(60)
class ClosedLinksTest {

    private final PoolView view = new PoolView();
    private final AtomicBoolean registryGone = new AtomicBoolean();
    /** What each member's address does when probed. */
    private final Map<Integer, Reachability> addresses = new ConcurrentHashMap<>();
    private final BlockingQueue<Integer> probed = new LinkedBlockingQueue<>();
    private final BlockingQueue<Observation> reported = new LinkedBlockingQueue<>();
    private final ClosedLinks links = new ClosedLinks("node test", view, registryGone::get, (member, bound) -> {
        int n = PoolView.numberOf(member);
        probed.add(n);
        return addresses.getOrDefault(n, Reachability.SILENT);
    }, 10_000, (member, observation) -> {
        view.observe(member, observation, Downing.FAULT_TOLERANT);
        reported.add(observation);
    });

    ClosedLinksTest() {
        view.closedWith(4);
        for (int i = 0; i < 4; i++) {
            view.learn(id(i));
            view.ready(i);
        }
    }

    private static NodeIdentifier id(int number) {
        return new NodeIdentifier("pool", Integer.toString(number), Location.of("n" + number, "c0"), "tcp",
                new byte[] {(byte) number});
    }

    private void linkCloses(int member, String cause) {
        links.lostConnection(new ReceivePortIdentifier(id(0), Peers.RECEIVE_PORT),
                new SendPortIdentifier(id(member), "to-0"), cause == null ? null : new IOException(cause));
    }

    private Observation next() throws InterruptedException {
        Observation o = reported.poll(30, TimeUnit.SECONDS);
        assertTrue(o != null, "no observation reported");
        return o;
    }

    @Test
    void whileTheRegistryIsUpAClosedLinkIsAnObservationNotAVerdict() throws Exception {
        try (links) {
            linkCloses(2, "connection reset");
            assertEquals(new Observation.LinkClosed("connection reset", false), next());
            assertEquals(MemberState.READY, view.state(2));
            assertEquals(new Observation.LinkClosed("connection reset", false), view.lastObservation(2));
            assertTrue(probed.isEmpty(), "nobody probes while the registry decides");
        }
    }

    @Test
    void whileTheRegistryIsGoneARefusedAddressMakesTheClosedLinkAVerdict() throws Exception {
        try (links) {
            registryGone.set(true);
            addresses.put(3, Reachability.REFUSES);
            linkCloses(3, "connection reset");
            assertEquals(new Observation.LinkClosed("connection reset", true), next());
            assertEquals(MemberState.DEAD, view.state(3));
        }
    }

    @Test
    void aLinkClosedJustBeforeTheOutageIsProbedWhenItBegins() throws Exception {
        try (links) {
            addresses.put(0, Reachability.REFUSES);
            linkCloses(0, "connection reset"); // rank 0: its link and the registry go at once
            assertEquals(new Observation.LinkClosed("connection reset", false), next());
            registryGone.set(true);
            links.outageBegan();
            assertEquals(new Observation.LinkClosed("connection reset", true), next());
            assertEquals(MemberState.DEAD, view.state(0));
        }
    }

    @Test
    void anAddressThatAnswersOrAnOrderlyCloseDecidesNothing() throws Exception {
        try (links) {
            registryGone.set(true);
            addresses.put(1, Reachability.ANSWERS);
            addresses.put(3, Reachability.REFUSES);
            linkCloses(2, null); // node 2 closed its port: the orderly end of its run
            linkCloses(1, "connection reset");
            linkCloses(3, "connection reset");
            assertEquals(new Observation.LinkClosed("connection reset", true), next()); // node 3's, after node 1's
            assertEquals(MemberState.READY, view.state(1));
            assertEquals(MemberState.READY, view.state(2));
            assertEquals(1, probed.take());
            assertEquals(3, probed.take());
            assertTrue(probed.isEmpty(), "the orderly close is not probed");
        }
    }
}
