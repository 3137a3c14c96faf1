package satin.runtime.node.membership;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import satin.ipl.Location;
import satin.ipl.NodeIdentifier;

class PoolViewTest {

    private static NodeIdentifier node(int number, String location) {
        return new NodeIdentifier("pool", Integer.toString(number), Location.parse(location), "test", new byte[0]);
    }

    private static PoolView pool(String... locations) {
        PoolView view = new PoolView();
        view.closedWith(locations.length);
        for (int i = 0; i < locations.length; i++) {
            view.learn(node(i, locations[i]));
        }
        return view;
    }

    @Test
    void theMasterIsTheLiveInitialMemberWhoseLocationSortsFirst() {
        PoolView view = pool("node2@c0", "node0@c0", "node1@c0");
        assertEquals(1, view.master());
        view.learn(node(3, "a@c0")); // a joiner never outranks an initial member
        assertEquals(1, view.master());
        Change c = view.observe(1, new Observation.RegistryDied(), Downing.ANY_OBSERVATION);
        assertEquals(new Change(1, MemberState.JOINING, MemberState.DEAD, 1, 2), c);
        view.left(2);
        assertEquals(0, view.master());
        view.observe(0, new Observation.LinkBroken("reset"), Downing.ANY_OBSERVATION);
        assertEquals(3, view.master(), "with every initial member gone, the first joiner");
        assertEquals(java.util.Set.of(0, 1, 2), view.gone());
        assertEquals(java.util.Set.of(0, 1), view.detections().keySet(), "a member that left was not detected");
        assertEquals("link broken: reset", view.lastObservation(0).describe());
    }

    @Test
    void aLaterObservationOfADeadMemberKeepsWhenItWasDetected() {
        PoolView view = pool("a@c", "b@c");
        long before = System.currentTimeMillis();
        view.observe(1, new Observation.RegistryDied(), Downing.ANY_OBSERVATION);
        long detected = view.detections().get(1);
        assertTrue(detected >= before, "detected at " + detected + ", before the death's step at " + before);
        Change late = view.observe(1, new Observation.LinkBroken("reset"), Downing.ANY_OBSERVATION);
        assertFalse(late.changed(), "DEAD is final");
        assertEquals(detected, view.detections().get(1), "a broken link seen after the death moved its moment");
        assertEquals("link broken: reset", view.lastObservation(1).describe());
    }

    @Test
    void onlyAllowedTransitionsChangeAMember() {
        PoolView view = pool("a@c", "b@c");
        assertTrue(view.ready(1).changed());
        assertFalse(view.ready(1).changed(), "a repeat is no step");
        assertTrue(view.leaving(1).changed());
        assertFalse(view.ready(1).changed(), "LEAVING does not go back");
        assertTrue(view.left(1).changed());
        Change late = view.observe(1, new Observation.RegistryLeft(), Downing.ANY_OBSERVATION);
        assertFalse(late.changed(), "LEFT is final: the registry's later event changes nothing");
        assertEquals(MemberState.LEFT, view.state(1));
        assertFalse(view.ready(7).changed(), "an unknown member");
    }

    @Test
    void anObservationIsNoVerdictUnlessTheDowningRuleSaysSo() {
        PoolView view = pool("a@c", "b@c");
        view.ready(1);
        Change kept = view.observe(1, new Observation.LinkBroken("timeout"), (state, o) -> false);
        assertFalse(kept.changed());
        assertEquals(MemberState.READY, view.state(1));
        assertEquals("link broken: timeout", view.lastObservation(1).describe(), "the observation is kept");
    }

    @Test
    void victimsAreTheReadyMembersAndKeepTheirIdentityWhileUnchanged() {
        PoolView view = pool("a@c", "b@c", "c@c");
        view.ready(1);
        view.ready(2);
        List<Integer> victims = view.victims();
        assertEquals(List.of(1, 2), victims);
        view.learn(node(3, "d@c"));
        assertSame(victims, view.victims(), "a step that leaves the victims alone keeps the snapshot");
        view.observe(2, new Observation.RegistryDied(), Downing.ANY_OBSERVATION);
        assertEquals(List.of(1), view.victims());
    }

    @Test
    void transitionsFollowTheLifeCycle() {
        assertTrue(MemberState.JOINING.canBecome(MemberState.READY));
        assertTrue(MemberState.READY.canBecome(MemberState.DEAD));
        assertTrue(MemberState.LEAVING.canBecome(MemberState.LEFT));
        assertFalse(MemberState.DEAD.canBecome(MemberState.READY));
        assertFalse(MemberState.LEFT.canBecome(MemberState.DEAD));
        assertFalse(MemberState.READY.canBecome(MemberState.JOINING));
    }
}
