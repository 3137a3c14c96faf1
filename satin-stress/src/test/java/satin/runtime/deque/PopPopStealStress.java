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
 * The owner empties a deque of two elements ({@code 1} oldest, {@code 2} newest) by two pops while a thief
 * steals once: the owner's second pop races the thief for the last element. {@code r1}, {@code r2}: what the
 * pops returned (0 for nothing); {@code r3}: what the thief got; {@code r4}: elements left.
 */
@JCStressTest
@Outcome(id = "2, 1, 0, 0", expect = ACCEPTABLE, desc = "the owner took both; the thief came too late or lost")
@Outcome(id = "2, 0, 1, 0", expect = ACCEPTABLE, desc = "the thief took the oldest; the owner's second pop found none")
@Outcome(expect = FORBIDDEN, desc = "an element taken twice, lost, taken out of order, or left behind")
@State
public class PopPopStealStress {

    private final WorkStealingDeque<Integer> deque = new WorkStealingDeque<>();

    public PopPopStealStress() {
        deque.push(1);
        deque.push(2);
    }

    @Actor
    public void owner(IIII_Result r) {
        r.r1 = Elements.id(deque.pop());
        r.r2 = Elements.id(deque.pop());
    }

    @Actor
    public void thief(IIII_Result r) {
        r.r3 = Elements.id(deque.steal());
    }

    @Arbiter
    public void left(IIII_Result r) {
        r.r4 = Elements.drain(deque);
    }
}
