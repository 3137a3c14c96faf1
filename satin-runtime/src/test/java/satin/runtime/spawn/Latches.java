package satin.runtime.spawn;

import java.util.concurrent.CountDownLatch;

/** Waiting for a latch from a thread that must not give up on an interrupt (a worker that the test steers). */
final class Latches {

    private Latches() {
    }

    /**
     * Waits for {@code latch} through interrupts, then sets the interrupt status again. Unbounded: every latch a test
     * gives it is opened by an event the test drives, and the test's own timeout bounds the run.
     */
    static void awaitUninterruptibly(CountDownLatch latch) {
        boolean interrupted = false;
        while (true) {
            try {
                latch.await();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
