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
 * Two thieves steal from a deque of two elements ({@code 1} oldest). Each steal takes the oldest element left or,
 * having lost the compare-and-set on {@code top} to the other thief, nothing; no element is taken twice or lost.
 * {@code r1}, {@code r2}: what each thief got; {@code r3}: the element left, if one ({@code r4}: how many).
 */
@JCStressTest
@Outcome(id = "1, 2, 0, 0", expect = ACCEPTABLE, desc = "the first thief took the oldest, the second the next")
@Outcome(id = "2, 1, 0, 0", expect = ACCEPTABLE, desc = "the second thief took the oldest, the first the next")
@Outcome(id = "1, 0, 2, 1", expect = ACCEPTABLE, desc = "the second thief lost the race for the oldest")
@Outcome(id = "0, 1, 2, 1", expect = ACCEPTABLE, desc = "the first thief lost the race for the oldest")
@Outcome(expect = FORBIDDEN, desc = "an element taken twice, lost, or stolen out of order")
@State
public class StealStealStress {

    private final WorkStealingDeque<Integer> deque = new WorkStealingDeque<>();

    public StealStealStress() {
        deque.push(1);
        deque.push(2);
    }

    @Actor
    public void thief1(IIII_Result r) {
        r.r1 = Elements.id(deque.steal());
    }

    @Actor
    public void thief2(IIII_Result r) {
        r.r2 = Elements.id(deque.steal());
    }

    @Arbiter
    public void left(IIII_Result r) {
        Integer rest = deque.pop();
        r.r3 = Elements.id(rest);
        r.r4 = (rest == null ? 0 : 1) + Elements.drain(deque);
    }
}
