package satin.runtime.testapps;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/** A main that runs until its test releases it (one test per JVM uses it: the latches are one-shot). */
public final class BlockingMain {

    /** Counted down when main has started. */
    public static final CountDownLatch STARTED = new CountDownLatch(1);
    /** Main returns once this is counted down (or after a minute). */
    public static final CountDownLatch RELEASE = new CountDownLatch(1);

    private BlockingMain() {
    }

    public static void main(String[] args) throws InterruptedException {
        STARTED.countDown();
        RELEASE.await(60, TimeUnit.SECONDS);
    }
}
