package satin.runtime.spawn;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;
import satin.contract.InvocationRecord;

/**
 * The park/signal protocol of {@link WorkerPool}, run through the real code: one thread pushes a record on
 * worker 0's deque and signals ({@link WorkerPool#signalWork()}, as {@code Worker.spawn} does), while worker 1
 * announces that it parks and re-checks for work ({@link Worker#announceParking}, as {@code Worker.park} does).
 * The workers' threads are never started: the actors play their parts.
 *
 * <p>{@code r1} = 1 when the pusher saw a parked worker (and so unparks one); {@code r2} = 1 when the parker
 * found no work and would park. "0, 1" is a worker parking after a push it could not see, while the pusher saw
 * nobody to wake: the record waits until the park times out. A store followed by a load of another location
 * may be reordered (x86 does, through its store buffer), so without a full fence on each side this happens.
 */
@JCStressTest
@Outcome(id = "0, 1", expect = FORBIDDEN, desc = "the parker missed the push and the pusher missed the parker")
@Outcome(id = "1, 1", expect = ACCEPTABLE, desc = "the parker parks, and the pusher saw it and unparks it")
@Outcome(id = "0, 0", expect = ACCEPTABLE, desc = "the parker saw the record and does not park")
@Outcome(id = "1, 0", expect = ACCEPTABLE, desc = "each saw the other: no park, a spurious unpark at most")
@State
public class ParkSignalStress {

    private final WorkerPool pool = new WorkerPool("stress", 2, 2, ExternalWork.NONE);
    private final InvocationRecord job = new NoOp();

    @Actor
    public void pusher(II_Result r) {
        pool.workers[0].deque.push(job);
        r.r1 = pool.signalWork() ? 1 : 0;
    }

    @Actor
    public void parker(II_Result r) {
        r.r2 = pool.workers[1].announceParking(null) ? 1 : 0;
    }

    /** A record that is only pushed, never run. */
    static final class NoOp extends InvocationRecord {
        @Override
        protected void execute() {
        }

        @Override
        public Object boxedResult() {
            return null;
        }

        @Override
        public void boxedResult(Object value) {
        }
    }
}
