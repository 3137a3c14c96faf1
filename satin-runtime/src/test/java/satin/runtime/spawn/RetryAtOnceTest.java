package satin.runtime.spawn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import satin.contract.InvocationRecord;

/**
 * {@link ExternalWork#retryAtOnce}: a worker whose external poll says the poll already waited out a round trip polls
 * again without backing off (it never parks), while one whose source says nothing backs off and parks after its spins
 * and yields. Driven by the count of polls, not by time.
 */
@Timeout(60)
class RetryAtOnceTest {
    private static final int POLLS = 300;

    /** An external source with no work that counts the polls and answers retryAtOnce as told. */
    private static final class EmptySource implements ExternalWork {
        final boolean retry;
        final AtomicInteger polls = new AtomicInteger();
        final CountDownLatch enough = new CountDownLatch(1);

        EmptySource(boolean retry) {
            this.retry = retry;
        }

        @Override
        public InvocationRecord poll(int workerIndex) {
            if (polls.incrementAndGet() == POLLS) {
                enough.countDown();
            }
            return null;
        }

        @Override
        public boolean retryAtOnce(int workerIndex) {
            return retry;
        }

        @Override
        public void finished(InvocationRecord record, Throwable failure) {
            throw new AssertionError("no job was handed out");
        }
    }

    private static long parksAfterPolls(boolean retry) throws InterruptedException {
        EmptySource source = new EmptySource(retry);
        WorkerPool pool = new WorkerPool("retry-" + retry, 1, 2, source);
        pool.start();
        try {
            assertTrue(source.enough.await(30, TimeUnit.SECONDS), "the idle worker polls its external source");
        } finally {
            pool.shutdown();
        }
        assertTrue(source.polls.get() >= POLLS);
        return pool.workers[0].parks();
    }

    @Test
    void aWorkerToldToRetryAtOnceNeverParks() throws InterruptedException {
        assertEquals(0, parksAfterPolls(true), "every empty poll was followed by the next at once");
    }

    @Test
    void aWorkerNotToldBacksOffAndParks() throws InterruptedException {
        long parks = parksAfterPolls(false);
        // 10 pauses spin or yield, every later one parks: at least POLLS - 10 parks before the count was reached.
        assertTrue(parks >= POLLS - 10, "parks: " + parks);
    }
}
