package satin.ipl.leaks;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;

import satin.ipl.spi.Packet;

/**
 * Payloads whose releases a test counts. Each is pooled direct memory with two references: one for the code
 * under test, which must release it exactly once, and one kept here. Afterwards {@link #assertEachReleasedOnce}
 * finds every count back at one: zero would be a second release by the code under test, two a missing one.
 */
public final class Tracked {
    private final List<ByteBuf> buffers = new ArrayList<>();

    /** A payload of {@code size} bytes of a recognisable pattern. */
    public synchronized ByteBuf payload(int size) {
        ByteBuf b = PooledByteBufAllocator.DEFAULT.directBuffer(size);
        for (int i = 0; i < size; i++) {
            b.writeByte(i * 7);
        }
        buffers.add(b.retain());
        return b;
    }

    /** A packet with a tracked payload of {@code size} bytes. */
    public Packet packet(byte type, byte flags, int channel, int port, int aux, int size) {
        return new Packet(type, flags, channel, port, aux, payload(size));
    }

    /** A packet whose tracked payload holds {@code bytes}. */
    public Packet packet(byte type, int channel, int port, int aux, byte[] bytes) {
        ByteBuf b = payload(0);
        b.writeBytes(bytes);
        return new Packet(type, (byte) 0, channel, port, aux, b);
    }

    public synchronized int size() {
        return buffers.size();
    }

    /** Whether the code under test released every payload (at least) once so far. */
    public synchronized boolean allReleased() {
        return buffers.stream().allMatch(b -> b.refCnt() <= 1);
    }

    /** Waits up to {@code seconds} for {@link #allReleased}, for releases that happen on another thread. */
    public void awaitAllReleased(int seconds) throws InterruptedException {
        await(this::allReleased, seconds, "every payload released by the code under test");
    }

    /** Waits for {@code condition}, checking it every millisecond; fails after {@code seconds}. */
    public static void await(BooleanSupplier condition, int seconds, String what) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("not within " + seconds + " s: " + what);
            }
            Thread.sleep(1);
        }
    }

    /** Asserts every payload was released exactly once by the code under test, then releases the test's own. */
    public synchronized void assertEachReleasedOnce() {
        for (int i = 0; i < buffers.size(); i++) {
            assertEquals(1, buffers.get(i).refCnt(), "references left on payload #" + i
                    + " (0: released twice, 2: never released)");
        }
        buffers.forEach(ByteBuf::release);
        buffers.clear();
    }
}
