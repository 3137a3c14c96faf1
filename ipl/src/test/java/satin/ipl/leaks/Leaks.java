package satin.ipl.leaks;

import java.lang.ref.PhantomReference;
import java.lang.ref.Reference;
import java.lang.ref.ReferenceQueue;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.List;

import io.netty.buffer.AbstractByteBuf;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.util.ResourceLeakDetector;

/**
 * Netty's leak detector, made to fail tests. Every ipl test runs with the detector at {@code paranoid} level
 * (every buffer tracked) unless {@code -Dio.netty.leakDetection.level} says otherwise, recording where each
 * buffer was made, retained, released and touched (Netty's {@code acquireAndReleaseOnly}; set that property to
 * false for records of every access); each leak Netty reports
 * (a buffer that became garbage without its last release) is recorded here, and {@link #assertNone} collects
 * garbage, lets Netty report what it found and fails with the records of every leak.
 *
 * <p>Netty looks for collected buffers whenever it starts tracking a new one, so after a garbage collection
 * {@link #collect} allocates a few buffers itself. It waits for a reference of its own to be enqueued, which
 * tells that the collector has processed the references of that cycle (Netty's among them).
 */
public final class Leaks {
    private static final List<String> REPORTED = new ArrayList<>();
    private static boolean installed;

    private Leaks() {
    }

    /** Turns the detector to paranoid (unless configured) and listens for its reports; idempotent. */
    public static synchronized void install() {
        if (installed) {
            return;
        }
        if (System.getProperty("io.netty.leakDetection.acquireAndReleaseOnly") == null) {
            // Records of retain, release and touch only, not of every read and write: the leak report still
            // shows where a buffer was made and passed on, and the suite takes ~1.4x, not ~2x, its time.
            // Read when the first paranoid buffer is made, which is after this.
            System.setProperty("io.netty.leakDetection.acquireAndReleaseOnly", "true");
        }
        if (System.getProperty("io.netty.leakDetection.level") == null) {
            ResourceLeakDetector.setLevel(ResourceLeakDetector.Level.PARANOID);
        }
        try {
            // The detector of every ByteBuf; Netty offers no other way to listen to it.
            Field f = AbstractByteBuf.class.getDeclaredField("leakDetector");
            f.setAccessible(true);
            ResourceLeakDetector<?> detector = (ResourceLeakDetector<?>) f.get(null);
            detector.setLeakListener((type, records) -> {
                synchronized (Leaks.class) {
                    REPORTED.add(type + " leaked:" + records);
                }
            });
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot listen to Netty's leak detector", e);
        }
        installed = true;
    }

    /** Leaks reported so far and not yet returned; clears them. */
    public static synchronized List<String> drain() {
        List<String> out = new ArrayList<>(REPORTED);
        REPORTED.clear();
        return out;
    }

    /** Collects garbage twice and makes Netty report the leaked buffers among it. */
    public static void collect() {
        for (int round = 0; round < 2; round++) {
            ReferenceQueue<Object> queue = new ReferenceQueue<>();
            Object sentinel = new Object();
            PhantomReference<Object> ref = new PhantomReference<>(sentinel, queue);
            sentinel = null;
            System.gc();
            try {
                // bounded: a collector that ignores System.gc() only delays the report to a later check
                queue.remove(5_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
            Reference.reachabilityFence(ref);
            for (int i = 0; i < 4; i++) {
                ByteBuf direct = PooledByteBufAllocator.DEFAULT.directBuffer(1);
                direct.release();
                Unpooled.buffer(1).release();
            }
        }
    }

    /** Fails if Netty reported a leak since the last check; {@code where} names what ran meanwhile. */
    public static void assertNone(String where) {
        collect();
        List<String> leaks = drain();
        if (!leaks.isEmpty()) {
            throw new AssertionError(leaks.size() + " Netty buffer leak(s) reported while or after running "
                    + where + ":\n" + String.join("\n", leaks));
        }
    }
}
