package satin.runtime.deque;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * The race for the last element: the owner pops while a thief steals the deque's only element. Exactly one of
 * them gets it, and it is gone from the deque. {@code r1}: the owner got it; {@code r2}: the thief got it;
 * {@code r3}: elements left afterwards (the arbiter pops as the owner).
 */
@JCStressTest
@Outcome(id = "1, 0, 0", expect = ACCEPTABLE, desc = "the owner won the last element")
@Outcome(id = "0, 1, 0", expect = ACCEPTABLE, desc = "the thief won the last element")
@Outcome(expect = FORBIDDEN, desc = "taken twice, lost, or still there after a take")
@State
public class PopStealLastElementStress {

    private final WorkStealingDeque<Integer> deque = new WorkStealingDeque<>();

    public PopStealLastElementStress() {
        deque.push(1);
    }

    @Actor
    public void owner(III_Result r) {
        r.r1 = deque.pop() == null ? 0 : 1;
    }

    @Actor
    public void thief(III_Result r) {
        r.r2 = deque.steal() == null ? 0 : 1;
    }

    @Arbiter
    public void left(III_Result r) {
        r.r3 = Elements.drain(deque);
    }
}
