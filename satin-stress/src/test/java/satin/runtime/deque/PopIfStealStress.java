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
 * A sync's {@code popIf} of its record against a thief stealing it, the record being the deque's only element
 * (the common case: a method spawned one call and syncs). {@code r1}: the owner removed it; {@code r2}: the
 * thief got it; {@code r3}: elements left.
 */
@JCStressTest
@Outcome(id = "1, 0, 0", expect = ACCEPTABLE, desc = "the owner runs its record itself")
@Outcome(id = "0, 1, 0", expect = ACCEPTABLE, desc = "the thief runs it; the owner's sync waits for it")
@Outcome(expect = FORBIDDEN, desc = "run twice, lost, or still there after a take")
@State
public class PopIfStealStress {

    private final WorkStealingDeque<Integer> deque = new WorkStealingDeque<>();
    private final Integer record = 1000; // boxed outside the cache: popIf compares identity

    public PopIfStealStress() {
        deque.push(record);
    }

    @Actor
    public void owner(III_Result r) {
        r.r1 = deque.popIf(record) ? 1 : 0;
    }

    @Actor
    public void thief(III_Result r) {
        Integer got = deque.steal();
        r.r2 = got == null ? 0 : got == record ? 1 : 9;
    }

    @Arbiter
    public void left(III_Result r) {
        r.r3 = Elements.drain(deque);
    }
}
