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
 * The owner's push fills the array and makes it grow while a thief steals. The live range wraps around the old
 * array (the first elements were pushed and stolen before), so the copy moves elements to new slots. Whichever
 * array the thief reads, it must take the oldest element, exactly once; the owner then pops its newest.
 * {@code r1}: what the owner popped; {@code r2}: what the thief got; {@code r3}: elements left; {@code r4}: 1 when
 * those are exactly the ones nobody took, oldest to newest.
 */
@JCStressTest
@Outcome(id = "" + GrowDuringStealStress.NEWEST + ", " + GrowDuringStealStress.OLDEST + ", "
        + (GrowDuringStealStress.LIVE - 1) + ", 1", expect = ACCEPTABLE,
        desc = "the thief took the oldest element, the owner its newest, the rest stayed in order")
@Outcome(expect = FORBIDDEN, desc = "an element lost, duplicated or reordered by the growth")
@State
public class GrowDuringStealStress {

    /** Pushed and stolen before the test, so the live range starts in the middle of the array. */
    static final int SHIFT = 40;
    /** Live elements before the owner's push: the initial capacity minus one, the most that fits. */
    static final int LIVE = 63;
    static final int OLDEST = SHIFT + 1;
    static final int NEWEST = SHIFT + LIVE + 1;

    private final WorkStealingDeque<Integer> deque = new WorkStealingDeque<>();

    public GrowDuringStealStress() {
        for (int i = 1; i <= SHIFT; i++) {
            deque.push(i);
            deque.steal();
        }
        for (int i = OLDEST; i < NEWEST; i++) {
            deque.push(i);
        }
    }

    @Actor
    public void owner(IIII_Result r) {
        deque.push(NEWEST);
        r.r1 = Elements.id(deque.pop());
    }

    @Actor
    public void thief(IIII_Result r) {
        r.r2 = Elements.id(deque.steal());
    }

    @Arbiter
    public void left(IIII_Result r) {
        int expected = OLDEST + 1;
        boolean inOrder = true;
        int n = 0;
        for (Integer e; (e = deque.steal()) != null; n++) {
            inOrder &= e == expected++;
        }
        r.r3 = n;
        r.r4 = inOrder && expected == NEWEST ? 1 : 0;
    }
}
