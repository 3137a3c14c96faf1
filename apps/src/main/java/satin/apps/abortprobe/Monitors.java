package satin.apps.abortprobe;

import java.util.function.BooleanSupplier;

/** Waiting on an object's monitor for a condition its writes make true, with a deadline. */
final class Monitors {

    private Monitors() {
    }

    /**
     * Waits, holding {@code monitor}'s lock (the caller is synchronized on it), until {@code done} holds; false after
     * {@code deadlineNanos} or when interrupted (the interrupt is kept).
     */
    static boolean await(Object monitor, BooleanSupplier done, long deadlineNanos) {
        while (!done.getAsBoolean()) {
            long left = deadlineNanos - System.nanoTime();
            if (left <= 0) {
                return false;
            }
            try {
                monitor.wait(Math.max(1, left / 1_000_000));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        return true;
    }
}
