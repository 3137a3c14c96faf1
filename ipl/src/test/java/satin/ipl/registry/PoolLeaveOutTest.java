package satin.ipl.registry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import satin.ipl.Location;
import satin.ipl.RegistryEvent;

/** A pool told that a declared member will not come closes without it, and only while it is still open. */
class PoolLeaveOutTest {

    private static JoinRequest request(String name) {
        return new JoinRequest("p", Location.of(name, "c"), "tcp", new byte[] {1}, new byte[] {2}, 3);
    }

    private static boolean closedEvent(List<RegistryEvent> events) {
        return events.stream().anyMatch(e -> e.type() == RegistryEvent.Type.POOL_CLOSED);
    }

    @Test
    void aPoolOfThreeClosesAtTwoWhenOneIsLeftOutBeforeOrAfterTheOthersJoin() throws Exception {
        PoolState early = new PoolState("p");
        assertTrue(early.leaveOut(), "left out before anyone joined");
        List<RegistryEvent> a = new ArrayList<>();
        early.join(request("a"), a::add);
        assertFalse(closedEvent(a));
        early.join(request("b"), e -> { });
        assertTrue(closedEvent(a), "closed at 3 - 1 members");
        JoinRefusedException late = assertThrows(JoinRefusedException.class, () -> early.join(request("c"), e -> { }));
        assertTrue(late.getMessage().contains("closed at 2 members"), late.getMessage());

        PoolState later = new PoolState("p");
        List<RegistryEvent> b = new ArrayList<>();
        later.join(request("a"), b::add);
        later.join(request("b"), e -> { });
        assertFalse(closedEvent(b), "still waiting for the third");
        assertTrue(later.leaveOut());
        assertTrue(closedEvent(b), "closed at once when the missing one is left out");
        assertEquals(2, later.members().size());
    }

    @Test
    void aClosedPoolCannotLeaveAnyoneOut() throws Exception {
        PoolState p = new PoolState("p");
        for (String n : List.of("a", "b", "c")) {
            p.join(request(n), e -> { });
        }
        assertFalse(p.leaveOut(), "too late: the pool closed complete");
    }
}
