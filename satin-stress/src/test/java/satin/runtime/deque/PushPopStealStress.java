package satin.runtime.deque;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IIII_Result;

/**
 * An empty deque: the owner pushes one element and pops it back (a spawn and its sync) while a thief steals.
 * The thief either sees the push and races the pop for the element, or sees nothing. {@code r1}: what the pop
 * returned; {@code r2}: what the thief got; {@code r3}: elements left; {@code r4}: 1 when a later steal finds
 * the deque empty.
 */
@JCStressTest
@Outcome(id = "1, 0, 0, 1", expect = ACCEPTABLE, desc = "the owner got its element back")
@Outcome(id = "0, 1, 0, 1", expect = ACCEPTABLE, desc = "the thief stole it before the pop")
@Outcome(expect = FORBIDDEN, desc = "taken twice, lost, or left behind")
@State
public class PushPopStealStress {

    private final WorkStealingDeque<Integer> deque = new WorkStealingDeque<>();

    @Actor
    public void owner(IIII_Result r) {
        deque.push(1);
        r.r1 = Elements.id(deque.pop());
    }

    @Actor
    public void thief(IIII_Result r) {
        r.r2 = Elements.id(deque.steal());
    }

    @Arbiter
    public void left(IIII_Result r) {
        r.r3 = Elements.drain(deque);
        r.r4 = deque.steal() == null && deque.isEmpty() ? 1 : 0;
    }
}
